package com.walletcards.console;

import java.net.URI;
import java.util.List;
import java.util.Set;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.session.ChangeSessionIdAuthenticationStrategy;
import org.springframework.security.web.authentication.session.CompositeSessionAuthenticationStrategy;
import org.springframework.security.web.context.DelegatingSecurityContextRepository;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.csrf.CsrfAuthenticationStrategy;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialRpEntity;
import org.springframework.security.web.webauthn.authentication.PublicKeyCredentialRequestOptionsFilter;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationFilter;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationProvider;
import org.springframework.security.web.webauthn.management.JdbcPublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.JdbcUserCredentialRepository;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.security.web.webauthn.management.WebAuthnRelyingPartyOperations;
import org.springframework.security.web.webauthn.management.Webauthn4JRelyingPartyOperations;
import org.springframework.security.web.webauthn.registration.PublicKeyCredentialCreationOptionsFilter;
import org.springframework.security.web.webauthn.registration.WebAuthnRegistrationFilter;

/**
 * Passkeys (WebAuthn) for the console, built from Spring Security's WebAuthn filters but placed
 * under {@code /console/passkeys/...} rather than at their default {@code /webauthn/...}: the
 * session cookie is sent only to {@code /console}, and the sessions live only there (ADR 0030).
 * Credentials and user entities are kept by Spring Security's JDBC repositories (V49); a user
 * entity's name is the console user's id, so an email change keeps the passkeys.
 */
@Configuration(proxyBeanMethods = false)
class ConsolePasskeys {

    static final String REGISTER_OPTIONS = "/console/passkeys/register/options";
    static final String REGISTER = "/console/passkeys/register";
    static final String SIGN_IN_OPTIONS = "/console/passkeys/sign-in/options";
    static final String SIGN_IN = "/console/passkeys/sign-in";

    @Bean
    PublicKeyCredentialUserEntityRepository consolePasskeyUsers(JdbcOperations jdbc) {
        return new JdbcPublicKeyCredentialUserEntityRepository(jdbc);
    }

    @Bean
    UserCredentialRepository consolePasskeyCredentials(JdbcOperations jdbc) {
        return new JdbcUserCredentialRepository(jdbc);
    }

    /** The relying party is the public origin's host; only that origin may use the passkeys. */
    @Bean
    WebAuthnRelyingPartyOperations consoleRelyingParty(
            ConsoleProperties properties,
            PublicKeyCredentialUserEntityRepository userEntities,
            UserCredentialRepository credentials) {
        String origin = properties.origin();
        PublicKeyCredentialRpEntity rp = PublicKeyCredentialRpEntity.builder()
                .id(URI.create(origin).getHost())
                .name("Wallet Cards console")
                .build();
        return new Webauthn4JRelyingPartyOperations(userEntities, credentials, rp, Set.of(origin));
    }

    /** Adds the registration and sign-in endpoints to the console's filter chain. */
    static void apply(
            HttpSecurity http,
            WebAuthnRelyingPartyOperations rp,
            PublicKeyCredentialUserEntityRepository userEntities,
            UserCredentialRepository credentials,
            ConsoleUsers users,
            SignInEvents events) {
        PublicKeyCredentialCreationOptionsFilter creationOptions = new PublicKeyCredentialCreationOptionsFilter(rp);
        creationOptions.setRequestMatcher(post(REGISTER_OPTIONS));
        WebAuthnRegistrationFilter registration = new WebAuthnRegistrationFilter(credentials, rp);
        registration.setRegisterCredentialMatcher(post(REGISTER));
        // Removing a passkey is the Passkeys page's form (PasskeyPages), which audits it; the
        // filter's own DELETE endpoint stays off.
        registration.setRemoveCredentialMatcher(request -> false);

        PublicKeyCredentialRequestOptionsFilter requestOptions = new PublicKeyCredentialRequestOptionsFilter(rp);
        requestOptions.setRequestMatcher(post(SIGN_IN_OPTIONS));
        WebAuthnAuthenticationFilter signIn = new WebAuthnAuthenticationFilter();
        signIn.setRequiresAuthenticationRequestMatcher(post(SIGN_IN));
        signIn.setAuthenticationManager(new ProviderManager(
                new SignedInByPasskey(new WebAuthnAuthenticationProvider(rp, id -> account(users, id)), users)));
        signIn.setSecurityContextRepository(new DelegatingSecurityContextRepository(
                new RequestAttributeSecurityContextRepository(), new HttpSessionSecurityContextRepository()));
        // As with the password: a new session id at sign-in, and a new CSRF token with it.
        signIn.setSessionAuthenticationStrategy(new CompositeSessionAuthenticationStrategy(List.of(
                new ChangeSessionIdAuthenticationStrategy(),
                new CsrfAuthenticationStrategy(new HttpSessionCsrfTokenRepository()))));
        signIn.setAuthenticationSuccessHandler(events.passkeys());
        signIn.setAuthenticationFailureHandler(events.passkeyFailures());

        http.addFilterBefore(signIn, AuthorizationFilter.class)
                .addFilterBefore(requestOptions, AuthorizationFilter.class)
                .addFilterAfter(creationOptions, AuthorizationFilter.class)
                .addFilterAfter(registration, AuthorizationFilter.class);
    }

    private static User account(ConsoleUsers users, String userId) {
        ConsoleUser user = users.byId(userId).orElseThrow(() -> new UsernameNotFoundException("unknown"));
        return (User) User.withUsername(user.id())
                .password("")
                .authorities("ROLE_" + user.role().name())
                .build();
    }

    private static PathPatternRequestMatcher post(String path) {
        return PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, path);
    }
}
