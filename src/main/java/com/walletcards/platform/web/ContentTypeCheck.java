package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.Charset;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request whose Content-Type a body could never be read with (unparsable, a wildcard
 * such as {@code application/*}, an unknown charset) with 415 before anything reads it: Spring
 * MVC would fail on such a header with an exception that is not about the client.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class ContentTypeCheck extends OncePerRequestFilter {

    private final ErrorResponses errors;

    ContentTypeCheck(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Content-Type");
        if (header != null && !usable(header)) {
            errors.write(
                    request,
                    response,
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "The Content-Type header is not a concrete media type; send application/json");
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean usable(String header) {
        try {
            MediaType type = MediaType.parseMediaType(header);
            if (type.isWildcardType() || type.isWildcardSubtype()) {
                return false;
            }
            String charset = type.getParameter("charset");
            return charset == null || Charset.isSupported(charset.replace("\"", ""));
        } catch (IllegalArgumentException e) { // InvalidMediaTypeException, IllegalCharsetNameException
            return false;
        }
    }
}
