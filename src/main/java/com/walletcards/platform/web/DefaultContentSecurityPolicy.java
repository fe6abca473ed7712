package com.walletcards.platform.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every response a Content-Security-Policy before anything is written, so that no HTML page
 * the service serves goes without one, including those it never meant to serve as pages. Pages
 * with needs of their own (the card page, the offer page, the front page) replace it with theirs;
 * the API reference's viewer loads its scripts and styles from the service itself.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class DefaultContentSecurityPolicy extends OncePerRequestFilter {

    static final String HEADER = "Content-Security-Policy";

    /** Nothing loads, nothing frames the response, no form posts: right for JSON and plain pages. */
    static final String STRICT = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    /** The reference viewer under /docs (Swagger UI): its own scripts, styles and the document. */
    static final String REFERENCE_VIEWER = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline';"
            + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI();
        boolean viewer = path.equals("/docs") || path.startsWith("/docs/") || path.startsWith("/swagger-ui/");
        response.setHeader(HEADER, viewer ? REFERENCE_VIEWER : STRICT);
        chain.doFilter(request, new OwnPolicyReplacesTheDefault(response));
    }

    /**
     * A page's own policy replaces the default instead of joining it: Spring MVC adds the headers
     * of a response entity, and a browser enforces every policy it receives.
     */
    private static final class OwnPolicyReplacesTheDefault extends HttpServletResponseWrapper {

        OwnPolicyReplacesTheDefault(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void addHeader(String name, String value) {
            if (HEADER.equalsIgnoreCase(name)) {
                super.setHeader(name, value);
            } else {
                super.addHeader(name, value);
            }
        }
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }
}
