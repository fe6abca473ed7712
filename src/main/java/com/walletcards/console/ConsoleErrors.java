package com.walletcards.console;

import com.walletcards.shared.NotFound;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * A console page that is not there, or not the user's organization's, is a page saying so, 404;
 * a write the user's role does not allow is one too, 403.
 */
@ControllerAdvice(
        assignableTypes = {
            CampaignPages.class,
            UserPages.class,
            CampaignEditPages.class,
            CampaignChangePages.class,
            CampaignLifecyclePages.class,
            PasskeyPages.class,
            DesignPages.class,
            RecipientPages.class,
            RecipientActions.class,
            KeyPages.class,
            TeamPages.class,
            NotificationPages.class,
            ImportPages.class,
            ImportProgressPages.class,
            RecipientExport.class,
            WebhookPages.class,
            WebhookActions.class,
            InvitationPages.class
        })
@Order(Ordered.HIGHEST_PRECEDENCE)
class ConsoleErrors {

    @ExceptionHandler(NotFound.class)
    ModelAndView notFound(HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        ModelAndView page = new ModelAndView("console/not-found");
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        page.addObject("user", auth != null && auth.getPrincipal() instanceof SignedIn user ? user.view() : null);
        return page;
    }

    /** A viewer's write: 403, with a page that says why instead of the server's error page. */
    @ExceptionHandler(ConsoleWrites.ReadOnlyRole.class)
    ModelAndView forbidden(HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        ModelAndView page = new ModelAndView("console/forbidden");
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        page.addObject("user", auth != null && auth.getPrincipal() instanceof SignedIn user ? user.view() : null);
        return page;
    }
}
