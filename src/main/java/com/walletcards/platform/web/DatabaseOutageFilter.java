package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.shared.web.RequestIds;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 503 when the database fails underneath a filter: the API-key lookup reads the database
 * before any controller runs, so the controller advice alone would let an outage through to the
 * container as a 500. Sits right after {@link RequestIds} and around everything else.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class DatabaseOutageFilter extends OncePerRequestFilter {

    private final ErrorResponses errors;

    public DatabaseOutageFilter(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            chain.doFilter(request, response);
        } catch (ServletException | RuntimeException e) {
            ErrorCode answer = DatabaseOutage.answerTo(e);
            if (answer == null) {
                throw e;
            }
            DatabaseOutage.logAnswered(request, answer, e);
            errors.write(request, response, answer, DatabaseOutage.message(answer));
        }
    }
}
