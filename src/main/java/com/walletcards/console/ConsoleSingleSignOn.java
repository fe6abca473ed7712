package com.walletcards.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.Serial;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestRedirectFilter;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizedClientRepository;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.context.DelegatingSecurityContextRepository;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Single sign-on through one OpenID Connect provider (docs/console.md, "Single sign-on"), on when
 * {@code WALLET_OIDC_ISSUER_URI}, {@code WALLET_OIDC_CLIENT_ID} and {@code WALLET_OIDC_CLIENT_SECRET}
 * are set. Spring Security's OAuth2 client runs the authorization-code flow (PKCE, nonce, the ID
 * token's signature, issuer, audience and expiry); this class decides who the ID token is: the
 * console user whose email it carries, verified, and nobody otherwise. Signing in creates no user.
 * The session then carries the same {@link SignedIn} a password sign-in makes.
 */
@Component
class ConsoleSingleSignOn {

    static final String REGISTRATION = "oidc";
    static final String AUTHORIZATION = "/console/oauth2/authorization";
    static final String START = AUTHORIZATION + "/" + REGISTRATION;
    static final String CALLBACK = "/console/oauth2/code/" + REGISTRATION;

    private static final Logger log = LoggerFactory.getLogger(ConsoleSingleSignOn.class);

    private final ConsoleProperties properties;
    private final ConsoleUsers users;
    private final boolean enabled;
    private final SecurityContextRepository contexts = new DelegatingSecurityContextRepository(
            new RequestAttributeSecurityContextRepository(), new HttpSessionSecurityContextRepository());
    private volatile @Nullable ClientRegistration registration;

    ConsoleSingleSignOn(ConsoleProperties properties, ConsoleUsers users) {
        this.properties = properties;
        this.users = users;
        this.enabled = properties.singleSignOn();
    }

    boolean enabled() {
        return enabled;
    }

    /** The provider's name for the button, if the operator gave one. */
    @Nullable
    String providerName() {
        String name = properties.oidcProviderName();
        return name == null || name.isBlank() ? null : name.strip();
    }

    /**
     * The provider's endpoints, discovered on first use rather than at start: a provider that is
     * down leaves the service starting and password and passkey sign-in working.
     */
    Optional<ClientRegistration> registration() {
        ClientRegistration known = registration;
        if (known != null || !enabled) {
            return Optional.ofNullable(known);
        }
        synchronized (this) {
            if (registration == null) {
                try {
                    registration = ClientRegistrations.fromIssuerLocation(properties.oidcIssuerUri())
                            .registrationId(REGISTRATION)
                            .clientId(properties.oidcClientId())
                            .clientSecret(properties.oidcClientSecret())
                            .scope("openid", "email")
                            .redirectUri(properties.origin() + CALLBACK)
                            .clientName(providerName() == null ? "single sign-on" : providerName())
                            .build();
                } catch (RuntimeException unreachable) {
                    log.warn(
                            "The OpenID Connect provider at {} did not answer its discovery document: {}",
                            properties.oidcIssuerUri(),
                            unreachable.toString());
                }
            }
            return Optional.ofNullable(registration);
        }
    }

    /** Adds the authorization request and the provider's return to the console's filter chain. */
    void apply(HttpSecurity http, SignInEvents events) throws Exception {
        ClientRegistrationRepository repository =
                id -> REGISTRATION.equals(id) ? registration().orElse(null) : null;
        DefaultOAuth2AuthorizationRequestResolver requests =
                new DefaultOAuth2AuthorizationRequestResolver(repository, AUTHORIZATION);
        // PKCE even though the client has a secret (a stolen code is useless); the nonce comes
        // with the openid scope.
        requests.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce());
        http.addFilterBefore(new Unreachable(), OAuth2AuthorizationRequestRedirectFilter.class)
                .oauth2Login(o -> o.loginPage("/console/sign-in")
                        .clientRegistrationRepository(repository)
                        .authorizedClientRepository(new NoAuthorizedClients())
                        .securityContextRepository(contexts)
                        .authorizationEndpoint(a -> a.baseUri(AUTHORIZATION).authorizationRequestResolver(requests))
                        .redirectionEndpoint(r -> r.baseUri("/console/oauth2/code/*"))
                        .userInfoEndpoint(u -> u.oidcUserService(this::match))
                        .successHandler(events.singleSignOn(this))
                        .failureHandler(new SimpleUrlAuthenticationFailureHandler("/console/sign-in?error")));
    }

    /**
     * The ID token (already verified) names a console user by its email, which the provider must
     * have verified; anything else is refused with the password form's neutral answer.
     */
    private OidcUser match(OidcUserRequest request) {
        OidcIdToken token = request.getIdToken();
        String email = token.getEmail();
        if (email == null || email.isBlank() || !Boolean.TRUE.equals(token.getEmailVerified())) {
            log.info("Refused a single sign-on: the ID token carries no verified email");
            throw refused();
        }
        ConsoleUser user = users.byEmail(email).orElseThrow(() -> {
            log.info("Refused a single sign-on for an email without an account");
            return refused();
        });
        return new Matched(
                user.id(),
                List.of(new SimpleGrantedAuthority("ROLE_" + user.role().name())),
                token);
    }

    /**
     * Puts the matched user into the session as {@link SignedIn} in place of the provider's
     * principal (the session id has already changed), and answers that authentication.
     */
    Authentication signedIn(HttpServletRequest request, HttpServletResponse response, Authentication provider) {
        Matched matched = (Matched) provider.getPrincipal();
        ConsoleUser user = users.byId(matched.userId).orElseThrow(() -> refused());
        Authentication signedIn = UsernamePasswordAuthenticationToken.authenticated(
                SignedIn.of(user),
                null,
                List.of(new SimpleGrantedAuthority("ROLE_" + user.role().name())));
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(signedIn);
        SecurityContextHolder.setContext(context);
        contexts.saveContext(context, request, response);
        return signedIn;
    }

    private static OAuth2AuthenticationException refused() {
        return new OAuth2AuthenticationException(new OAuth2Error("access_denied"));
    }

    /** The provider's user, matched to a console user by id. */
    private static final class Matched extends DefaultOidcUser {
        @Serial
        private static final long serialVersionUID = 1L;

        private final String userId;

        Matched(String userId, List<SimpleGrantedAuthority> roles, OidcIdToken token) {
            super(roles, token);
            this.userId = userId;
        }
    }

    /**
     * The console calls no API with the provider's access token, so it keeps none (Spring's
     * default would hold every sign-in's token in memory).
     */
    private static final class NoAuthorizedClients implements OAuth2AuthorizedClientRepository {
        @Override
        public <T extends OAuth2AuthorizedClient> @Nullable T loadAuthorizedClient(
                String clientRegistrationId, Authentication principal, HttpServletRequest request) {
            return null;
        }

        @Override
        public void saveAuthorizedClient(
                OAuth2AuthorizedClient authorizedClient,
                Authentication principal,
                HttpServletRequest request,
                HttpServletResponse response) {}

        @Override
        public void removeAuthorizedClient(
                String clientRegistrationId,
                Authentication principal,
                HttpServletRequest request,
                HttpServletResponse response) {}
    }

    /**
     * In front of the authorization request: another registration than ours is 404, and a
     * provider that cannot be reached sends the person back to the sign-in page with a notice.
     */
    private final class Unreachable extends OncePerRequestFilter {
        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            String path = request.getServletPath();
            if (path.startsWith(AUTHORIZATION + "/")) {
                if (!START.equals(path)) {
                    response.sendError(HttpServletResponse.SC_NOT_FOUND);
                    return;
                }
                if (registration().isEmpty()) {
                    response.sendRedirect("/console/sign-in?sso-unavailable");
                    return;
                }
            }
            chain.doFilter(request, response);
        }
    }
}
