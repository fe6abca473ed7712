package com.walletcards.console;

import com.walletcards.console.view.WebhookViews;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.OrganizationId;
import com.walletcards.webhook.Delivery;
import com.walletcards.webhook.DeliveryAttempt;
import com.walletcards.webhook.EventTypes;
import com.walletcards.webhook.Webhook;
import com.walletcards.webhook.WebhookId;
import com.walletcards.webhook.WebhookManagement;
import com.walletcards.webhook.WebhookManagement.DeliveryLog;
import com.walletcards.webhook.WebhookManagement.WithSecret;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

/**
 * What the webhook pages share: the owner-only rule, a subscription's page with its delivery log
 * (and, right after creation or rotation, its secret), and the settings form with the module's
 * refusals next to their fields.
 */
@Component
class WebhookScreens {

    static final int LOG_PAGE_SIZE = 20;
    // The beginning of the receiver's answer; the module keeps 1,000 characters, the log shows less.
    static final int ANSWER_CHARS = 200;
    private static final Pattern DELIVERY_ID = Pattern.compile("dlv_[0-9a-f]{1,36}");

    private final WebhookManagement webhooks;

    WebhookScreens(WebhookManagement webhooks) {
        this.webhooks = webhooks;
    }

    /** Webhooks are the owners' (as their API scopes are): editors and viewers get 403. */
    static void ownerOnly(SignedIn user) {
        if (!user.role().managesUsers()) {
            throw new ConsoleWrites.ReadOnlyRole();
        }
    }

    /**
     * A subscription's page. {@code secret} is set only in the answer to its creation or rotation,
     * which is therefore never cached: the secret is not stored anywhere it could be shown again.
     */
    String detail(
            SignedIn user,
            WebhookId id,
            @Nullable String before,
            @Nullable WithSecret secret,
            Model model,
            HttpServletResponse response) {
        OrganizationId org = user.organization();
        Webhook webhook = webhooks.get(org, id);
        String cursor = before != null && DELIVERY_ID.matcher(before).matches() ? before : null;
        DeliveryLog log = webhooks.deliveryLog(org, id, cursor, LOG_PAGE_SIZE);
        DateTimeFormatter time = time();
        model.addAttribute("user", user.view());
        model.addAttribute("webhook", row(webhook, time));
        model.addAttribute(
                "deliveries",
                log.deliveries().stream().map(d -> delivery(d, time)).toList());
        model.addAttribute("next", log.next());
        model.addAttribute("paged", cursor != null);
        if (secret != null) {
            response.setHeader("Cache-Control", "no-store");
            model.addAttribute("secret", secret.secret().value());
            Instant previous = secret.previousSecretExpiresAt();
            model.addAttribute("previousUntil", previous == null ? null : time.format(previous) + " UTC");
        }
        return "console/webhook";
    }

    /** The settings form, blank or as entered, with the refusals of the module by field. */
    String form(SignedIn user, WebhookViews.Form form, Model model) {
        model.addAttribute("user", user.view());
        model.addAttribute("form", form);
        model.addAttribute("all", EventTypes.ALL);
        model.addAttribute("types", EventTypes.KNOWN);
        return "console/webhook-form";
    }

    static WebhookViews.Form blank() {
        return new WebhookViews.Form(null, "", List.of(), "", Map.of());
    }

    static WebhookViews.Form of(Webhook w) {
        return new WebhookViews.Form(
                w.id().value(), w.url(), w.events(), w.description() == null ? "" : w.description(), Map.of());
    }

    /** The form as entered, with each refused field's first message ({@code events[2]} counts as events). */
    static WebhookViews.Form refused(
            @Nullable String id,
            @Nullable String url,
            List<String> events,
            @Nullable String description,
            ApiException problem) {
        Map<String, String> errors = new LinkedHashMap<>();
        problem.details().forEach(e -> {
            String field = e.field().replaceFirst("\\[.*$", "");
            errors.putIfAbsent(field, e.message());
        });
        if (errors.isEmpty()) {
            errors.put("url", problem.getMessage());
        }
        return new WebhookViews.Form(
                id, url == null ? "" : url, events, description == null ? "" : description, errors);
    }

    List<WebhookViews.Row> rows(List<Webhook> found) {
        DateTimeFormatter time = time();
        return found.stream().map(w -> row(w, time)).toList();
    }

    private static WebhookViews.Row row(Webhook w, DateTimeFormatter time) {
        return new WebhookViews.Row(
                w.id().value(),
                w.url(),
                w.events(),
                w.description(),
                w.enabled(),
                w.disabledReason(),
                time.format(w.createdAt()) + " UTC");
    }

    private static WebhookViews.DeliveryRow delivery(Delivery d, DateTimeFormatter time) {
        return new WebhookViews.DeliveryRow(
                d.id(),
                d.eventId(),
                d.type(),
                d.status(),
                time.format(d.createdAt()) + " UTC",
                d.finished() || d.nextAttemptAt() == null ? null : time.format(d.nextAttemptAt()) + " UTC",
                d.finished(),
                d.attempts().stream().map(a -> attempt(a, time)).toList());
    }

    private static WebhookViews.AttemptRow attempt(DeliveryAttempt a, DateTimeFormatter time) {
        String body = a.responseBody();
        String answer = body == null || body.isBlank()
                ? null
                : body.length() <= ANSWER_CHARS ? body : body.substring(0, ANSWER_CHARS) + "…";
        return new WebhookViews.AttemptRow(
                a.attempt(),
                time.format(a.attemptedAt()) + " UTC",
                a.succeeded(),
                a.statusCode(),
                a.error(),
                answer,
                a.durationMs());
    }

    private static DateTimeFormatter time() {
        return DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM)
                .withLocale(LocaleContextHolder.getLocale())
                .withZone(ZoneOffset.UTC);
    }
}
