package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.stereotype.Component;

/**
 * Answers a path the security firewall refuses (a double slash, a {@code /./} or {@code /../}
 * segment, a semicolon, an encoded slash) with 400 {@code VALIDATION_FAILED} in the envelope.
 * Spring Security's own handler sends a bare 400, which the error page could only guess at: it
 * called such requests malformed JSON, though most have no body.
 */
@Component
class RejectedPaths implements RequestRejectedHandler {

    static final String MESSAGE = "The request path is not acceptable: it must be in canonical form"
            + " (no empty, '.' or '..' segments, no semicolons, no encoded slashes)";

    private final ErrorResponses errors;

    RejectedPaths(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException rejected)
            throws IOException {
        errors.write(request, response, ErrorCode.VALIDATION_FAILED, MESSAGE);
    }
}
