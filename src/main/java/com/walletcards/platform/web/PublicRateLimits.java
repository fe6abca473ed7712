package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import io.github.bucket4j.Bandwidth;
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
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits the requests one client address sends to the paths anybody may call without an API key:
 * card pages and wallet actions, the OpenID4VCI endpoints, provider callbacks and the Apple Wallet
 * web service. The API itself is limited per key ({@code WALLET_RATE_LIMIT_PER_SECOND}). Card
 * codes are 192-bit, so this is about load, not guessing: a client that sends thousands of
 * requests a second with random codes or bad signatures costs a database lookup or a signature
 * check each. The limits are sized for many people behind one address (a venue's Wi-Fi, a
 * carrier's NAT) and for a provider's servers delivering a burst of callbacks.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
class PublicRateLimits extends OncePerRequestFilter {

    /** More addresses than this at once means a flood of sources; starting over forgives a little. */
    static final int MAX_TRACKED = 100_000;

    private record Group(String name, List<String> prefixes, PublicRateLimitProperties.Limit limit) {}

    private final List<Group> groups;
    private final ErrorResponses errors;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    PublicRateLimits(PublicRateLimitProperties properties, ErrorResponses errors) {
        this.errors = errors;
        this.groups = List.of(
                new Group("holder", List.of("/c/"), properties.holder()),
                new Group(
                        "openid4vci",
                        List.of(
                                "/wallet/eudiw/",
                                "/.well-known/openid-credential-issuer",
                                "/.well-known/oauth-authorization-server",
                                "/.well-known/jwt-vc-issuer"),
                        properties.openid4vci()),
                new Group("callbacks", List.of("/v1/callbacks/"), properties.callbacks()),
                new Group("apple", List.of("/wallet/alpha/"), properties.apple()));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Group group = groupOf(request.getRequestURI());
        if (group == null) {
            chain.doFilter(request, response);
            return;
        }
        ConsumptionProbe probe = bucket(group, request.getRemoteAddr()).tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            chain.doFilter(request, response);
            return;
        }
        long waitSeconds =
                Math.max(1, Duration.ofNanos(probe.getNanosToWaitForRefill()).toSeconds() + 1);
        response.setHeader("Retry-After", Long.toString(waitSeconds));
        errors.write(
                request,
                response,
                ErrorCode.RATE_LIMITED,
                "Too many requests from this address; retry after " + waitSeconds + " s");
    }

    private @Nullable Group groupOf(String path) {
        for (Group group : groups) {
            for (String prefix : group.prefixes()) {
                if (path.startsWith(prefix)) {
                    return group;
                }
            }
        }
        return null;
    }

    private Bucket bucket(Group group, String address) {
        if (buckets.size() > MAX_TRACKED) {
            buckets.clear();
        }
        return buckets.computeIfAbsent(
                group.name() + " " + address,
                key -> Bucket.builder()
                        .addLimit(Bandwidth.builder()
                                .capacity(group.limit().burst())
                                .refillGreedy(group.limit().perSecond(), Duration.ofSeconds(1))
                                .build())
                        .build());
    }
}
