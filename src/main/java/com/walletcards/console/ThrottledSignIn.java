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
 * it renders with this request's CSRF token). The same for an email without an account. A passkey
 * sign-in from an address that failed too often gets the same 429 and {@code Retry-After}, as JSON
 * for the page's script, before any assertion is checked.
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
        if (!"POST".equals(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        String path = request.getServletPath();
        if ("/console/sign-in".equals(path)) {
            String email = request.getParameter("email");
            Optional<Duration> wait = throttle.waitBefore(email == null ? "" : email, request.getRemoteAddr());
            if (wait.isPresent()) {
                request.setAttribute(WAIT_ATTRIBUTE, refuse(wait.get(), response));
                request.getRequestDispatcher("/console/sign-in/throttled").forward(request, response);
                return;
            }
        } else if (ConsolePasskeys.SIGN_IN.equals(path)) {
            Optional<Duration> wait = throttle.waitBeforePasskey(request.getRemoteAddr());
            if (wait.isPresent()) {
                long seconds = refuse(wait.get(), response);
                response.setContentType("application/json");
                response.getWriter().write("{\"authenticated\":false,\"retryAfter\":" + seconds + "}");
                return;
            }
        }
        chain.doFilter(request, response);
    }

    /** Sets 429 and {@code Retry-After} (whole seconds, rounded up) and answers the seconds. */
    private static long refuse(Duration wait, HttpServletResponse response) {
        long seconds = Math.max(1, wait.toSeconds() + (wait.toNanosPart() > 0 ? 1 : 0));
        response.setStatus(429);
        response.setHeader("Retry-After", Long.toString(seconds));
        return seconds;
    }
}
