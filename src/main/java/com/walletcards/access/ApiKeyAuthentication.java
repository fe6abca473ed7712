package com.walletcards.access;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.MDC;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates {@code Authorization: Bearer <key>} (from memory once verified, see {@link
 * VerifiedKeys}: a revoked key stops within a second on every instance), then applies the key's
 * rate limit.
 */
class ApiKeyAuthentication extends OncePerRequestFilter {

    private static final String BEARER = "Bearer ";
    static final String ORGANIZATION_MDC_KEY = "organizationId";
    private final AccessManagement access;
    private final ErrorResponses errors;
    private final int perSecond;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    ApiKeyAuthentication(AccessManagement access, ErrorResponses errors, int perSecond) {
        this.access = access;
        this.errors = errors;
        this.perSecond = perSecond;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            chain.doFilter(request, response); // the entry point answers 401 where a key is needed
            return;
        }
        Optional<ApiPrincipal> principal =
                header.regionMatches(true, 0, BEARER, 0, BEARER.length()) && header.length() > BEARER.length()
                        ? access.authenticate(header.substring(BEARER.length()).trim())
                        : Optional.empty();
        if (principal.isEmpty()) {
            errors.write(request, response, ErrorCode.UNAUTHORIZED, "Missing, malformed, unknown or revoked API key");
            return;
        }
        ConsumptionProbe probe = bucket(principal.get().keyId()).tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long seconds = Math.max(
                    1, Duration.ofNanos(probe.getNanosToWaitForRefill()).toSeconds() + 1);
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
            errors.write(
                    request,
                    response,
                    ErrorCode.RATE_LIMITED,
                    "Too many requests for this API key; retry after " + seconds + " s");
            return;
        }
        List<SimpleGrantedAuthority> authorities = principal.get().scopes().stream()
                .map(s -> new SimpleGrantedAuthority(s.value()))
                .toList();
        var authentication = UsernamePasswordAuthenticationToken.authenticated(principal.get(), null, authorities);
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(authentication);
        SecurityContextHolder.setContext(context);
        // Every log line of the request names the organization it ran for.
        MDC.put(ORGANIZATION_MDC_KEY, principal.get().organizationId().value());
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
            MDC.remove(ORGANIZATION_MDC_KEY);
        }
    }

    private Bucket bucket(String keyId) {
        return buckets.computeIfAbsent(
                keyId,
                id -> Bucket.builder()
                        .addLimit(limit -> limit.capacity(perSecond).refillGreedy(perSecond, Duration.ofSeconds(1)))
                        .build());
    }
}
