package com.walletcards.access;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.context.SecurityContextHolderFilter;

/**
 * Four filter chains: the API under {@code /v1} (API keys and scopes, then idempotency keys;
 * provider callbacks are public and verify their own signatures), the admin API (admin token),
 * the Prometheus endpoint (metrics token when one is set), and everything else (card pages,
 * health, API docs: public).
 */
@Configuration(proxyBeanMethods = false)
@EnableMethodSecurity
class SecurityConfiguration {

    /**
     * No security observations, not even no-op ones: with an observation registry present, Spring
     * Security otherwise wraps every filter of every chain for every request (and every
     * authorization) in an observation, which cost a sixth of the service's CPU under load even
     * with those observations switched off by predicate (bench/README.md). Requests are still
     * observed as a whole ({@code http.server.requests}).
     */
    @Bean
    static SecurityObservationSettings noSecurityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    @Order(1)
    SecurityFilterChain api(
            HttpSecurity http,
            AccessManagement access,
            ErrorResponses errors,
            AccessProperties properties,
            IdempotencyRecords idempotencyRecords)
            throws Exception {
        stateless(http.securityMatcher("/v1/**"));
        http.addFilterBefore(
                        new ApiKeyAuthentication(access, errors, properties.rateLimitPerSecond()),
                        AuthorizationFilter.class)
                .addFilterAfter(new IdempotencyKeys(idempotencyRecords, errors), AuthorizationFilter.class)
                .authorizeHttpRequests(a -> a.requestMatchers("/v1/callbacks/**")
                        .permitAll()
                        .anyRequest()
                        .authenticated())
                .exceptionHandling(e -> e.authenticationEntryPoint((request, response, ex) -> errors.write(
                                request,
                                response,
                                ErrorCode.UNAUTHORIZED,
                                "An API key is required: Authorization: Bearer <key>"))
                        .accessDeniedHandler((request, response, ex) -> errors.write(
                                request,
                                response,
                                ErrorCode.INSUFFICIENT_SCOPE,
                                "The API key lacks the scope this endpoint needs")));
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain admin(HttpSecurity http, ErrorResponses errors, AccessProperties properties) throws Exception {
        return guardedByToken(http, StaticTokenAuthentication.admin(properties.adminToken(), errors), "/admin/**");
    }

    @Bean
    @Order(0)
    SecurityFilterChain metrics(HttpSecurity http, ErrorResponses errors, AccessProperties properties)
            throws Exception {
        return guardedByToken(
                http,
                StaticTokenAuthentication.metrics(properties.metricsToken(), errors),
                "/actuator/prometheus",
                "/actuator/prometheus/**");
    }

    @Bean
    @Order(3)
    SecurityFilterChain open(HttpSecurity http) throws Exception {
        stateless(http).authorizeHttpRequests(a -> a.anyRequest().permitAll());
        return http.build();
    }

    /** Keeps Spring Boot from creating a default user with a generated password. */
    @Bean
    UserDetailsService noUsers() {
        return new InMemoryUserDetailsManager();
    }

    private static SecurityFilterChain guardedByToken(
            HttpSecurity http, StaticTokenAuthentication guard, String... paths) throws Exception {
        stateless(http.securityMatcher(paths));
        http.addFilterAfter(guard, SecurityContextHolderFilter.class)
                .authorizeHttpRequests(a -> a.anyRequest().permitAll());
        return http.build();
    }

    private static HttpSecurity stateless(HttpSecurity http) throws Exception {
        return http.csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .anonymous(AbstractHttpConfigurer::disable)
                // Nothing reads the caller through the Servlet API (getUserPrincipal, isUserInRole):
                // without its request wrapper, every read of the request goes through one wrapper less.
                .servletApi(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
    }
}
