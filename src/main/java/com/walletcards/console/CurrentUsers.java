package com.walletcards.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads the signed-in user again on every console request, because the session keeps the user as
 * they were at sign-in: a new role applies from the next request, and a user removed meanwhile (on
 * this instance or another) is signed out, as if they had never signed in (ADR 0045). One lookup
 * by primary key per page.
 */
final class CurrentUsers extends OncePerRequestFilter {

    private final ConsoleUsers users;
    private final HttpSessionSecurityContextRepository sessionContexts = new HttpSessionSecurityContextRepository();

    CurrentUsers(ConsoleUsers users) {
        this.users = users;
    }

    /** The style sheet and scripts need no user, and a page loads several of them. */
    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getRequestURI().startsWith(request.getContextPath() + "/console/assets/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth != null && auth.getPrincipal() instanceof SignedIn signedIn) {
            Optional<ConsoleUser> current = users.byId(signedIn.userId())
                    .filter(u -> u.organizationId().value().equals(signedIn.organizationId()));
            if (current.isEmpty()) {
                SecurityContextHolder.clearContext();
                HttpSession session = request.getSession(false);
                if (session != null) {
                    session.invalidate();
                }
            } else if (!SignedIn.of(current.get()).equals(signedIn)) {
                SecurityContext context = SecurityContextHolder.createEmptyContext();
                context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                        SignedIn.of(current.get()),
                        null,
                        List.of(new SimpleGrantedAuthority(
                                "ROLE_" + current.get().role().name()))));
                SecurityContextHolder.setContext(context);
                sessionContexts.saveContext(context, request, response);
            }
        }
        chain.doFilter(request, response);
    }
}
