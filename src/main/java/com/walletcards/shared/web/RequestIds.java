package com.walletcards.shared.web;

import com.walletcards.shared.Ids;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id before anything else runs, so that even a 401 from the security
 * filters or a 413 from the body limit carries it in {@code X-Request-Id} and in the error body.
 * The id goes into the logging context (MDC) of every line the request logs, as does its route
 * once {@link RequestRoutes} knows it; both are removed when the request ends.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestIds extends OncePerRequestFilter {

    public static final String HEADER = "X-Request-Id";
    static final String MDC_KEY = "requestId";
    private static final String ATTRIBUTE = RequestIds.class.getName();

    public static String of(HttpServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        return id instanceof String s ? s : "unknown";
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // The forward to /error keeps the original request's id; a request the container refused
        // before any filter ran (a /WEB-INF/ path, TRACE) meets this filter only on that forward.
        String id = request.getAttribute(ATTRIBUTE) instanceof String known ? known : Ids.newId("req");
        request.setAttribute(ATTRIBUTE, id);
        response.setHeader(HEADER, id);
        MDC.put(MDC_KEY, id);
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove(MDC_KEY);
            MDC.remove(RequestRoutes.MDC_KEY);
        }
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }
}
