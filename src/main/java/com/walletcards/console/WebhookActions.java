package com.walletcards.console;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.NotFound;
import com.walletcards.webhook.WebhookChanges;
import com.walletcards.webhook.WebhookId;
import com.walletcards.webhook.WebhookManagement;
import com.walletcards.webhook.WebhookManagement.WithSecret;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * The writes of a webhook's page besides its settings: pause and resume it, send a test event,
 * send a delivery again, and (after a confirmation) rotate its secret or delete it. Each is the
 * module's operation behind the API's request, audited under the API's action with the user as
 * actor. Owners only.
 */
@Controller
class WebhookActions {

    /** The actions with a confirmation page, by their path segment. */
    static final Set<String> CONFIRMED = Set.of("rotate", "delete");

    /** The outcomes a webhook's page reports after a redirect. */
    static final Set<String> DONE = Set.of("updated", "enabled", "disabled", "tested", "resent");

    private final WebhookManagement webhooks;
    private final WebhookScreens screens;
    private final AuditLog audit;

    WebhookActions(WebhookManagement webhooks, WebhookScreens screens, AuditLog audit) {
        this.webhooks = webhooks;
        this.screens = screens;
        this.audit = audit;
    }

    @PostMapping("/console/webhooks/{id}/enable")
    String enable(@AuthenticationPrincipal SignedIn user, @PathVariable String id) {
        return switchTo(user, id, true);
    }

    @PostMapping("/console/webhooks/{id}/disable")
    String disable(@AuthenticationPrincipal SignedIn user, @PathVariable String id) {
        return switchTo(user, id, false);
    }

    @PostMapping("/console/webhooks/{id}/test")
    String test(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            Model model,
            HttpServletResponse response) {
        WebhookScreens.ownerOnly(user);
        WebhookId webhookId = WebhookPages.webhookId(id);
        try {
            webhooks.sendTest(user.organization(), webhookId);
        } catch (NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            return refused(user, webhookId, refused, model, response);
        }
        audit.record(user.organization(), AuditLog.Actor.user(user), "webhook.tested", "webhook", id, "{}");
        return "redirect:/console/webhooks/" + id + "?done=tested";
    }

    @PostMapping("/console/webhooks/{id}/deliveries/{deliveryId}/resend")
    String resend(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String deliveryId,
            Model model,
            HttpServletResponse response) {
        WebhookScreens.ownerOnly(user);
        WebhookId webhookId = WebhookPages.webhookId(id);
        String fresh;
        try {
            fresh = webhooks.resend(user.organization(), webhookId, deliveryId);
        } catch (NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            return refused(user, webhookId, refused, model, response);
        }
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                "webhook.delivery_resent",
                "webhook",
                id,
                "{\"delivery\":\"" + deliveryId + "\",\"newDelivery\":\"" + fresh + "\"}");
        return "redirect:/console/webhooks/" + id + "?done=resent";
    }

    @GetMapping("/console/webhooks/{id}/{action}")
    String confirm(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String action, Model model) {
        if (!CONFIRMED.contains(action)) {
            throw new NotFound("Page");
        }
        WebhookScreens.ownerOnly(user);
        model.addAttribute("user", user.view());
        model.addAttribute("webhook", webhooks.get(user.organization(), WebhookPages.webhookId(id)));
        model.addAttribute("action", action);
        return "console/webhook-confirm";
    }

    /** A new secret, shown on the answer this once; the old one keeps signing alongside for a while. */
    @PostMapping("/console/webhooks/{id}/rotate")
    String rotate(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            Model model,
            HttpServletResponse response) {
        WebhookScreens.ownerOnly(user);
        WebhookId webhookId = WebhookPages.webhookId(id);
        WithSecret rotated = webhooks.rotateSecret(user.organization(), webhookId);
        audit.record(user.organization(), AuditLog.Actor.user(user), "webhook.secret_rotated", "webhook", id, "{}");
        model.addAttribute("done", "rotated");
        return screens.detail(user, webhookId, null, rotated, model, response);
    }

    @PostMapping("/console/webhooks/{id}/delete")
    String delete(@AuthenticationPrincipal SignedIn user, @PathVariable String id) {
        WebhookScreens.ownerOnly(user);
        webhooks.delete(user.organization(), WebhookPages.webhookId(id));
        audit.record(user.organization(), AuditLog.Actor.user(user), "webhook.deleted", "webhook", id, "{}");
        return "redirect:/console/webhooks?done=deleted";
    }

    private String switchTo(SignedIn user, String id, boolean enabled) {
        WebhookScreens.ownerOnly(user);
        webhooks.update(
                user.organization(), WebhookPages.webhookId(id), new WebhookChanges(null, null, false, null, enabled));
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                "webhook.updated",
                "webhook",
                id,
                "{\"enabled\":" + enabled + "}");
        return "redirect:/console/webhooks/" + id + "?done=" + (enabled ? "enabled" : "disabled");
    }

    /** The page again, with the module's reason (409), e.g. a test event for a paused webhook. */
    private String refused(
            SignedIn user, WebhookId id, ApiException refused, Model model, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_CONFLICT);
        model.addAttribute("problem", refused.getMessage());
        return screens.detail(user, id, null, null, model, response);
    }
}
