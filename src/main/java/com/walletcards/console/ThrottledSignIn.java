package com.walletcards.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * In front of the sign-in: an account or a client address that failed too often gets 429 with
 * {@code Retry-After}, before any password is checked, and the sign-in page again (forwarded, so
 * it renders with this request's CSRF token). The same for an email without an account.
 */
final class ThrottledSignIn extends OncePerRequestFilter {

    static final String WAIT_ATTRIBUTE = ThrottledSignIn.class.getName() + ".wait";

    private final SignInThrottle throttle;

    ThrottledSignIn(SignInThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!"POST".equals(request.getMethod()) || !"/console/sign-in".equals(request.getServletPath())) {
            chain.doFilter(request, response);
            return;
        }
        String email = request.getParameter("email");
        Optional<Duration> wait = throttle.waitBefore(email == null ? "" : email, request.getRemoteAddr());
        if (wait.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = Math.max(1, wait.get().toSeconds() + (wait.get().toNanosPart() > 0 ? 1 : 0));
        response.setStatus(429);
        response.setHeader("Retry-After", Long.toString(seconds));
        request.setAttribute(WAIT_ATTRIBUTE, seconds);
        request.getRequestDispatcher("/console/sign-in/throttled").forward(request, response);
    }
}
