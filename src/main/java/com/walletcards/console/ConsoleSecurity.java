package com.walletcards.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.security.web.webauthn.management.WebAuthnRelyingPartyOperations;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The console's own filter chain, for {@code /console/**} only, ahead of the public chain and
 * beside the API's (API keys) and the admin API's (token), which it leaves as they are: form
 * sign-in (and single sign-on when configured), sessions in the database, CSRF tokens on every form, and a policy that lets the pages
 * load only what the service serves itself.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleSecurity {

    static final String COOKIE = "WALLET_CONSOLE";

    /** Scripts, styles and images only from the service itself; forms post only to it. */
    static final String POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none';"
            + " form-action 'self'; frame-ancestors 'none'";

    /**
     * The request attribute holding this response's style nonce: a page whose colours are data (the
     * card previews) writes them in one style element carrying it; nothing else is inline.
     */
    static final String NONCE_ATTRIBUTE = "com.walletcards.console.styleNonce";

    private static final SecureRandom RANDOM = new SecureRandom();

    @Bean
    @Order(2)
    SecurityFilterChain console(
            HttpSecurity http,
            ConsoleUsers users,
            PasswordEncoder passwords,
            SignInEvents events,
            SignInThrottle throttle,
            WebAuthnRelyingPartyOperations relyingParty,
            PublicKeyCredentialUserEntityRepository passkeyUsers,
            UserCredentialRepository passkeys,
            ConsoleSingleSignOn singleSignOn)
            throws Exception {
        ConsolePasskeys.apply(http, relyingParty, passkeyUsers, passkeys, users, events);
        if (singleSignOn.enabled()) {
            singleSignOn.apply(http, events);
        }
        http.securityMatcher("/console", "/console/**")
                .authenticationProvider(new ConsoleAuthentication(users, passwords))
                .addFilterBefore(new ThrottledSignIn(throttle), UsernamePasswordAuthenticationFilter.class)
                .addFilterBefore(new ConsolePolicy(), HeaderWriterFilter.class)
                .addFilterBefore(new CurrentUsers(users), AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(a -> a.requestMatchers(
                                "/console/sign-in",
                                "/console/sign-in/throttled",
                                "/console/password/**",
                                "/console/assets/**",
                                // without single sign-on nothing answers here, so 404 rather than the sign-in page
                                "/console/oauth2/**")
                        .permitAll()
                        .anyRequest()
                        .authenticated())
                .formLogin(f -> f.loginPage("/console/sign-in")
                        .loginProcessingUrl("/console/sign-in")
                        .usernameParameter("email")
                        .passwordParameter("password")
                        .successHandler(events)
                        .failureHandler(events))
                .logout(l -> l.logoutUrl("/console/sign-out")
                        .addLogoutHandler(events)
                        .logoutSuccessUrl("/console/sign-in?signed-out")
                        .deleteCookies(COOKIE))
                .sessionManagement(s -> s.sessionFixation(f -> f.changeSessionId()))
                .exceptionHandling(
                        e -> e.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/console/sign-in")))
                .httpBasic(b -> b.disable());
        return http.build();
    }

    /** Argon2id with Spring Security's current parameters (ADR 0030). */
    @Bean
    PasswordEncoder consolePasswords() {
        return Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();
    }

    /** The session cookie: script cannot read it, other sites' forms do not send it, HTTPS keeps it. */
    @Bean
    CookieSerializer consoleCookie(ConsoleProperties properties) {
        DefaultCookieSerializer cookie = new DefaultCookieSerializer();
        cookie.setCookieName(COOKIE);
        cookie.setCookiePath("/console");
        cookie.setUseHttpOnlyCookie(true);
        cookie.setSameSite("Lax");
        cookie.setUseSecureCookie(properties.secureCookies());
        return cookie;
    }

    /**
     * Sessions only where the console is: the API, the card pages and the wallets' web services
     * never pass through the session repository's request wrapper.
     */
    @Bean
    static BeanPostProcessor sessionsOnlyForTheConsole() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String name) {
                if (bean instanceof DelegatingFilterProxyRegistrationBean registration
                        && "sessionRepositoryFilterRegistration".equals(name)) {
                    registration.setUrlPatterns(List.of("/console", "/console/*"));
                }
                return bean;
            }
        };
    }

    /** Replaces the service's default (which forbids forms) with the console's own policy. */
    private static final class ConsolePolicy extends OncePerRequestFilter {
        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            byte[] bytes = new byte[18];
            RANDOM.nextBytes(bytes);
            String nonce = Base64.getEncoder().encodeToString(bytes);
            request.setAttribute(NONCE_ATTRIBUTE, nonce);
            response.setHeader("Content-Security-Policy", POLICY + "; style-src 'self' 'nonce-" + nonce + "'");
            chain.doFilter(request, response);
        }
    }
}
