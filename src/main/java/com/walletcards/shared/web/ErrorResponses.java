package com.walletcards.shared.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the error envelope. Filters (authentication, body limit) use {@link #write} because
 * they run outside Spring MVC; controller advice uses {@link #entity}.
 */
@Component
public class ErrorResponses {

    /** Seconds a client is asked to wait after 503 {@code SERVICE_UNAVAILABLE} before it tries again. */
    public static final int SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

    /** Seconds after 503 {@code SERVICE_BUSY}: the connections in use are given back within that. */
    public static final int SERVICE_BUSY_RETRY_AFTER_SECONDS = 1;

    private final JsonMapper mapper;

    public ErrorResponses(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public ResponseEntity<ErrorBody> entity(
            HttpServletRequest request, ErrorCode code, String message, List<FieldError> details) {
        ResponseEntity.BodyBuilder response =
                ResponseEntity.status(code.httpStatus()).contentType(MediaType.APPLICATION_JSON);
        Integer retryAfter = retryAfterSeconds(code);
        if (retryAfter != null) {
            response.header(HttpHeaders.RETRY_AFTER, retryAfter.toString());
        }
        return response.body(ErrorBody.of(code.name(), message, details, RequestIds.of(request)));
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ErrorCode code, String message)
            throws IOException {
        write(request, response, code, message, List.of());
    }

    public void write(
            HttpServletRequest request,
            HttpServletResponse response,
            ErrorCode code,
            String message,
            List<FieldError> details)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(code.httpStatus());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        if (code == ErrorCode.UNAUTHORIZED) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        Integer retryAfter = retryAfterSeconds(code);
        if (retryAfter != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, retryAfter.toString());
        }
        mapper.writeValue(
                response.getOutputStream(), ErrorBody.of(code.name(), message, details, RequestIds.of(request)));
    }

    private static @Nullable Integer retryAfterSeconds(ErrorCode code) {
        return switch (code) {
            case SERVICE_UNAVAILABLE -> SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS;
            case SERVICE_BUSY -> SERVICE_BUSY_RETRY_AFTER_SECONDS;
            default -> null;
        };
    }
}
