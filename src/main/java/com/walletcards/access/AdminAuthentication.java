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

/** Guards {@code /admin/v1}: absent without WALLET_ADMIN_TOKEN, else that token as a Bearer. */
class AdminAuthentication extends OncePerRequestFilter {

    private final @Nullable String token;
    private final ErrorResponses errors;

    AdminAuthentication(@Nullable String token, ErrorResponses errors) {
        this.token = token == null || token.isBlank() ? null : token;
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (token == null) {
            errors.write(request, response, ErrorCode.NOT_FOUND, "No such endpoint");
            return;
        }
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        String presented = header != null && header.startsWith("Bearer ")
                ? header.substring(7).trim()
                : "";
        if (!MessageDigest.isEqual(
                presented.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
            errors.write(request, response, ErrorCode.UNAUTHORIZED, "Missing or wrong admin token");
            return;
        }
        chain.doFilter(request, response);
    }
}
