package com.walletcards.access;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.shared.web.PayloadTooLarge;
import com.walletcards.shared.web.RequestIds;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * {@code Idempotency-Key} on every authenticated {@code POST} (contract §13): the key is reserved
 * in a statement of its own before the request runs, the response is stored after it, and a
 * retry of the same request gets that response again. Runs after authorization, so only a
 * caller allowed to make the request can reserve a key, and keys are per organization.
 */
class IdempotencyKeys extends OncePerRequestFilter {

    static final String HEADER = "Idempotency-Key";
    static final String REPLAYED = "Idempotent-Replayed";
    private static final Logger log = LoggerFactory.getLogger(IdempotencyKeys.class);

    private final IdempotencyRecords records;
    private final ErrorResponses errors;

    IdempotencyKeys(IdempotencyRecords records, ErrorResponses errors) {
        this.records = records;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod()) || request.getHeader(HEADER) == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        OrganizationId org = organization();
        if (org == null) {
            chain.doFilter(request, response); // public paths (provider callbacks) have no organization
            return;
        }
        String key = request.getHeader(HEADER);
        if (!valid(key)) {
            errors.write(
                    request,
                    response,
                    ErrorCode.VALIDATION_FAILED,
                    HEADER + " must be 1 to 255 printable ASCII characters",
                    List.of(new FieldError(HEADER, "must be 1 to 255 printable ASCII characters")));
            return;
        }
        byte[] body;
        try {
            body = request.getInputStream().readAllBytes();
        } catch (PayloadTooLarge tooLarge) {
            errors.write(request, response, tooLarge.code(), tooLarge.getMessage());
            return;
        }
        IdempotencyRecords.Claim claim = records.claim(org, key, fingerprint(request, body));
        if (claim instanceof IdempotencyRecords.Reserved) {
            run(org, key, new CachedBodyRequest(request, body), response, chain);
        } else if (claim instanceof IdempotencyRecords.Replay replay) {
            replay(replay, response);
        } else if (claim instanceof IdempotencyRecords.Reused) {
            errors.write(
                    request,
                    response,
                    ErrorCode.IDEMPOTENCY_KEY_REUSED,
                    "This " + HEADER + " was already used for a different request");
        } else {
            response.setHeader(HttpHeaders.RETRY_AFTER, "1");
            errors.write(
                    request,
                    response,
                    ErrorCode.IDEMPOTENCY_KEY_IN_USE,
                    "A request with this " + HEADER + " is still running; retry later");
        }
    }

    private void run(
            OrganizationId org, String key, HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ContentCachingResponseWrapper captured = new ContentCachingResponseWrapper(response);
        boolean stored = false;
        try {
            chain.doFilter(request, captured);
            // A server error says nothing about the request itself: the retry deserves a new run.
            if (captured.getStatus() < 500) {
                records.complete(
                        org,
                        key,
                        captured.getStatus(),
                        captured.getContentType(),
                        new String(captured.getContentAsByteArray(), StandardCharsets.UTF_8),
                        RequestIds.of(request));
                stored = true;
            }
        } finally {
            if (!stored) {
                records.release(org, key);
            }
            captured.copyBodyToResponse();
        }
    }

    private static void replay(IdempotencyRecords.Replay replay, HttpServletResponse response) throws IOException {
        log.info("Replayed the stored response of request {}", replay.requestId());
        response.setStatus(replay.status());
        if (replay.contentType() != null) {
            response.setContentType(replay.contentType());
        }
        // The replayed body quotes the first request's id; the header must say the same.
        if (replay.requestId() != null) {
            response.setHeader(RequestIds.HEADER, replay.requestId());
        }
        response.setHeader(REPLAYED, "true");
        byte[] bytes = replay.body().getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    static boolean valid(@Nullable String key) {
        if (key == null || key.isEmpty() || key.length() > 255) {
            return false;
        }
        return key.chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
    }

    /** What makes two requests "the same": method, path with query, and the exact body. */
    private static String fingerprint(HttpServletRequest request, byte[] body) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            String query = request.getQueryString();
            String target = request.getMethod() + " " + request.getRequestURI() + (query == null ? "" : "?" + query);
            digest.update(target.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) '\n');
            return HexFormat.of().formatHex(digest.digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static @Nullable OrganizationId organization() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof ApiPrincipal principal
                ? principal.organizationId()
                : null;
    }
}
