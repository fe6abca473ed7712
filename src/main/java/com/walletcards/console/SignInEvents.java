package com.walletcards.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.authentication.logout.LogoutHandler;
import org.springframework.stereotype.Component;

/**
 * What a sign-in, a failed sign-in and a sign-out leave behind: the audit log's rows and the
 * failure count. A failure for an email without an account belongs to no organization, so only
 * the count (and the log) knows of it.
 */
@Component
class SignInEvents implements AuthenticationSuccessHandler, AuthenticationFailureHandler, LogoutHandler {

    private static final Logger log = LoggerFactory.getLogger(SignInEvents.class);

    private final AuditLog audit;
    private final SignInThrottle throttle;
    private final ConsoleUsers users;
    private final AuthenticationSuccessHandler success;
    private final AuthenticationFailureHandler failure =
            new SimpleUrlAuthenticationFailureHandler("/console/sign-in?error");

    SignInEvents(AuditLog audit, SignInThrottle throttle, ConsoleUsers users) {
        this.audit = audit;
        this.throttle = throttle;
        this.users = users;
        SavedRequestAwareAuthenticationSuccessHandler next = new SavedRequestAwareAuthenticationSuccessHandler();
        next.setDefaultTargetUrl("/console/campaigns");
        this.success = next;
    }

    @Override
    public void onAuthenticationSuccess(
            HttpServletRequest request, HttpServletResponse response, Authentication authentication)
            throws IOException, ServletException {
        SignedIn user = (SignedIn) authentication.getPrincipal();
        throttle.succeeded(user.email());
        audit.record(user.organization(), AuditLog.Actor.user(user), "user.signedIn", "user", user.userId(), "{}");
        success.onAuthenticationSuccess(request, response, authentication);
    }

    /**
     * A passkey sign-in is answered to the page's script, which then follows {@code redirectUrl};
     * the audit log records it like a password sign-in.
     */
    AuthenticationSuccessHandler passkeys() {
        return (request, response, authentication) -> {
            SignedIn user = (SignedIn) authentication.getPrincipal();
            throttle.passkeySucceeded(request.getRemoteAddr());
            audit.record(
                    user.organization(),
                    AuditLog.Actor.user(user),
                    "user.signedIn",
                    "user",
                    user.userId(),
                    "{\"method\":\"passkey\"}");
            response.setContentType("application/json");
            response.getWriter().write("{\"authenticated\":true,\"redirectUrl\":\"/console/campaigns\"}");
        };
    }

    /**
     * A failed passkey sign-in names no account (the assertion did not verify), so it counts
     * against the client address; the page's script hears 401.
     */
    AuthenticationFailureHandler passkeyFailures() {
        return (request, response, exception) -> {
            throttle.passkeyFailed(request.getRemoteAddr());
            log.info("Failed console passkey sign-in: {}", exception.getMessage());
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.setContentType("application/json");
            response.getWriter().write("{\"authenticated\":false}");
        };
    }

    /**
     * A single sign-on's success: the provider's user becomes the console user it was matched to
     * (see {@link ConsoleSingleSignOn}), and the audit log records it like a password sign-in.
     */
    AuthenticationSuccessHandler singleSignOn(ConsoleSingleSignOn sso) {
        return (request, response, authentication) -> {
            Authentication signedIn = sso.signedIn(request, response, authentication);
            SignedIn user = (SignedIn) signedIn.getPrincipal();
            audit.record(
                    user.organization(),
                    AuditLog.Actor.user(user),
                    "user.signedIn",
                    "user",
                    user.userId(),
                    "{\"method\":\"oidc\"}");
            success.onAuthenticationSuccess(request, response, signedIn);
        };
    }

    @Override
    public void onAuthenticationFailure(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException exception)
            throws IOException, ServletException {
        String email = request.getParameter("email");
        if (email != null) {
            throttle.failed(email);
            users.byEmail(email)
                    .ifPresentOrElse(
                            user -> audit.record(
                                    user.organizationId(),
                                    AuditLog.Actor.user(user),
                                    "user.signInFailed",
                                    "user",
                                    user.id(),
                                    "{}"),
                            () -> log.info("Failed console sign-in for an email without an account"));
        }
        failure.onAuthenticationFailure(request, response, exception);
    }

    @Override
    public void logout(
            HttpServletRequest request, HttpServletResponse response, @Nullable Authentication authentication) {
        if (authentication != null && authentication.getPrincipal() instanceof SignedIn user) {
            audit.record(user.organization(), AuditLog.Actor.user(user), "user.signedOut", "user", user.userId(), "{}");
        }
    }
}
