package com.walletcards.platform.web;

import com.walletcards.platform.database.DatabaseDeadlineProperties;
import com.walletcards.platform.database.DatabaseLink;
import com.walletcards.platform.database.RequestDeadline;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.shared.web.RequestIds;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 503 when the database fails underneath a filter: the API-key lookup reads the database
 * before any controller runs, so the controller advice alone would let an outage through to the
 * container as a 500. Sits right after {@link RequestIds} and around everything else.
 *
 * <p>Also starts the request's {@link RequestDeadline}: from here on, no single wait of this
 * request for the database lasts longer than the deadline (ADR 0033), and a wait that ran out is
 * judged by the {@link DatabaseLink}: an unreachable database or a busy one.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class DatabaseOutageFilter extends OncePerRequestFilter {

    private final ErrorResponses errors;
    private final DatabaseLink link;
    private final Duration deadline;

    public DatabaseOutageFilter(ErrorResponses errors, DatabaseLink link, DatabaseDeadlineProperties properties) {
        this.errors = errors;
        this.link = link;
        this.deadline = properties.requestDeadline();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RequestDeadline.start(deadline);
        try {
            chain.doFilter(request, response);
        } catch (ServletException | RuntimeException e) {
            ErrorCode answer = DatabaseOutage.answerTo(e, link);
            if (answer == null) {
                throw e;
            }
            DatabaseOutage.logAnswered(request, answer, e);
            errors.write(request, response, answer, DatabaseOutage.message(answer));
        } finally {
            RequestDeadline.clear();
        }
    }
}
