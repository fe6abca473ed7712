package com.walletcards.access;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards paths with one configured token sent as a Bearer: the admin API ({@code
 * WALLET_ADMIN_TOKEN}, absent without it) and the metrics endpoint ({@code WALLET_METRICS_TOKEN},
 * open without it).
 */
class StaticTokenAuthentication extends OncePerRequestFilter {

    private final @Nullable String token;
    private final boolean openWithoutToken;
    private final String refusal;
    private final ErrorResponses errors;

    private StaticTokenAuthentication(
            @Nullable String token, boolean openWithoutToken, String refusal, ErrorResponses errors) {
        this.token = token == null || token.isBlank() ? null : token;
        this.openWithoutToken = openWithoutToken;
        this.refusal = refusal;
        this.errors = errors;
    }

    static StaticTokenAuthentication admin(@Nullable String token, ErrorResponses errors) {
        return new StaticTokenAuthentication(token, false, "Missing or wrong admin token", errors);
    }

    static StaticTokenAuthentication metrics(@Nullable String token, ErrorResponses errors) {
        return new StaticTokenAuthentication(token, true, "Missing or wrong metrics token", errors);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (token == null) {
            if (openWithoutToken) {
                chain.doFilter(request, response);
            } else {
                errors.write(request, response, ErrorCode.NOT_FOUND, "No such endpoint");
            }
            return;
        }
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        String presented = header != null && header.startsWith("Bearer ")
                ? header.substring(7).trim()
                : "";
        if (!MessageDigest.isEqual(
                presented.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
            errors.write(request, response, ErrorCode.UNAUTHORIZED, refusal);
            return;
        }
        chain.doFilter(request, response);
    }
}
