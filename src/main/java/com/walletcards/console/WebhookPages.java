package com.walletcards.console;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.Page;
import com.walletcards.webhook.TargetPolicy;
import com.walletcards.webhook.Webhook;
import com.walletcards.webhook.WebhookId;
import com.walletcards.webhook.WebhookManagement;
import com.walletcards.webhook.WebhookManagement.WebhookPage;
import com.walletcards.webhook.WebhookManagement.WithSecret;
import com.walletcards.webhook.WebhookSettings;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The organization's webhooks for its owners: the list, a subscription with its delivery log, and
 * the settings form for a new one or an existing one. The form goes through the API's rules
 * ({@link WebhookSettings}: the target policy, the event types, the description's length) and
 * the module's operations; every write is audited with the user as actor, under the API's names.
 * The other writes are {@link WebhookActions}.
 */
@Controller
class WebhookPages {

    // An organization has a handful of subscriptions; one page shows them all.
    static final int LIST_SIZE = 100;

    private final WebhookManagement webhooks;
    private final TargetPolicy targets;
    private final WebhookScreens screens;
    private final AuditLog audit;

    WebhookPages(WebhookManagement webhooks, TargetPolicy targets, WebhookScreens screens, AuditLog audit) {
        this.webhooks = webhooks;
        this.targets = targets;
        this.screens = screens;
        this.audit = audit;
    }

    @GetMapping("/console/webhooks")
    String list(
            @AuthenticationPrincipal SignedIn user,
            @RequestParam(required = false) @Nullable String done,
            Model model) {
        WebhookScreens.ownerOnly(user);
        model.addAttribute("done", "deleted".equals(done) ? done : null);
        WebhookPage found = webhooks.list(user.organization(), new Page(LIST_SIZE, 0));
        model.addAttribute("user", user.view());
        model.addAttribute("webhooks", screens.rows(found.webhooks()));
        model.addAttribute("total", found.total());
        return "console/webhooks";
    }

    @GetMapping("/console/webhooks/new")
    String blank(@AuthenticationPrincipal SignedIn user, Model model) {
        WebhookScreens.ownerOnly(user);
        return screens.form(user, WebhookScreens.blank(), model);
    }

    /** Creates the subscription and answers with its page, which shows the secret this once. */
    @PostMapping("/console/webhooks")
    String create(
            @AuthenticationPrincipal SignedIn user,
            @RequestParam(required = false) @Nullable String url,
            @RequestParam(required = false) @Nullable List<String> events,
            @RequestParam(required = false) @Nullable String description,
            Model model,
            HttpServletResponse response) {
        WebhookScreens.ownerOnly(user);
        List<String> ticked = events == null ? List.of() : events;
        WithSecret created;
        try {
            created = webhooks.create(
                    user.organization(), WebhookSettings.validNew(targets, url, ticked, blankIsNone(description)));
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            return screens.form(user, WebhookScreens.refused(null, url, ticked, description, refused), model);
        }
        String id = created.webhook().id().value();
        audit.record(user.organization(), AuditLog.Actor.user(user), "webhook.created", "webhook", id, "{}");
        model.addAttribute("done", "created");
        return screens.detail(user, created.webhook().id(), null, created, model, response);
    }

    @GetMapping("/console/webhooks/{id}")
    String show(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(required = false) @Nullable String before,
            @RequestParam(required = false) @Nullable String done,
            Model model,
            HttpServletResponse response) {
        WebhookScreens.ownerOnly(user);
        model.addAttribute("done", done != null && WebhookActions.DONE.contains(done) ? done : null);
        return screens.detail(user, webhookId(id), before, null, model, response);
    }

    @GetMapping("/console/webhooks/{id}/edit")
    String edit(@AuthenticationPrincipal SignedIn user, @PathVariable String id, Model model) {
        WebhookScreens.ownerOnly(user);
        Webhook webhook = webhooks.get(user.organization(), webhookId(id));
        return screens.form(user, WebhookScreens.of(webhook), model);
    }

    @PostMapping("/console/webhooks/{id}/edit")
    String save(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(required = false) @Nullable String url,
            @RequestParam(required = false) @Nullable List<String> events,
            @RequestParam(required = false) @Nullable String description,
            Model model,
            HttpServletResponse response) {
        WebhookScreens.ownerOnly(user);
        WebhookId webhookId = webhookId(id);
        webhooks.get(user.organization(), webhookId);
        List<String> ticked = events == null ? List.of() : events;
        try {
            webhooks.update(
                    user.organization(),
                    webhookId,
                    WebhookSettings.validReplacement(targets, url, ticked, blankIsNone(description)));
        } catch (com.walletcards.shared.NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            return screens.form(user, WebhookScreens.refused(id, url, ticked, description, refused), model);
        }
        audit.record(user.organization(), AuditLog.Actor.user(user), "webhook.updated", "webhook", id, "{}");
        return "redirect:/console/webhooks/" + id + "?done=updated";
    }

    /** An address that cannot be a webhook's id is a page that is not there. */
    static WebhookId webhookId(String raw) {
        if (raw.length() > 40 || !raw.startsWith("whk_")) {
            throw new NotFound("Webhook");
        }
        return new WebhookId(raw);
    }

    private static @Nullable String blankIsNone(@Nullable String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
