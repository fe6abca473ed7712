package com.walletcards.audit;

import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The action each write route of {@code /v1} and {@code /admin/v1} is recorded as, keyed on the
 * method and the route pattern the request matched (never the raw path, so ids do not matter).
 * {@code ApiWriteActionsTest} fails when a write route is missing here; a route added without an
 * entry is still recorded, as {@code request.<method>} with the route as its target.
 */
final class ApiWriteActions {

    /** Where the target's id comes from: the answer's {@code data.id}. */
    static final String CREATED = "@created";

    /**
     * How one route is recorded.
     *
     * @param target a path variable's name, or {@link #CREATED}
     * @param counts whether the answer's numeric top-level fields go into the detail (bulk writes)
     */
    record Rule(String action, String targetType, String target, boolean counts) {

        static Rule of(String action, String targetType, String target) {
            return new Rule(action, targetType, target, false);
        }

        static Rule counted(String action, String targetType, String target) {
            return new Rule(action, targetType, target, true);
        }
    }

    private static final String CAMPAIGN = "/v1/campaigns/{campaignId}";
    private static final String RECIPIENTS = CAMPAIGN + "/recipients";
    private static final String NOTIFICATIONS = CAMPAIGN + "/notifications";
    private static final String ORGANIZATION = "/admin/v1/organizations/{orgId}";

    private static final Map<String, Rule> RULES = Map.ofEntries(
            Map.entry("POST /v1/campaigns", Rule.of("campaign.created", "campaign", CREATED)),
            Map.entry("PATCH " + CAMPAIGN, Rule.of("campaign.updated", "campaign", "campaignId")),
            Map.entry("DELETE " + CAMPAIGN, Rule.of("campaign.deleted", "campaign", "campaignId")),
            Map.entry("POST " + CAMPAIGN + "/archive", Rule.of("campaign.archived", "campaign", "campaignId")),
            Map.entry("POST " + CAMPAIGN + "/unarchive", Rule.of("campaign.unarchived", "campaign", "campaignId")),
            Map.entry("PUT " + CAMPAIGN + "/images/{kind}", Rule.of("image.uploaded", "campaign", "campaignId")),
            Map.entry("DELETE " + CAMPAIGN + "/images/{kind}", Rule.of("image.deleted", "campaign", "campaignId")),
            Map.entry("POST " + RECIPIENTS, Rule.of("recipient.created", "recipient", CREATED)),
            Map.entry("POST " + RECIPIENTS + "/bulk", Rule.counted("recipients.added", "campaign", "campaignId")),
            Map.entry("POST " + RECIPIENTS + "/imports", Rule.of("recipients.imported", "campaign", "campaignId")),
            Map.entry(
                    "PATCH " + RECIPIENTS + "/{recipientId}", Rule.of("recipient.updated", "recipient", "recipientId")),
            Map.entry(
                    "DELETE " + RECIPIENTS + "/{recipientId}",
                    Rule.of("recipient.deleted", "recipient", "recipientId")),
            Map.entry(
                    "POST " + RECIPIENTS + "/{recipientId}/revoke",
                    Rule.of("recipient.revoked", "recipient", "recipientId")),
            Map.entry(
                    "POST " + RECIPIENTS + "/{recipientId}/invite",
                    Rule.of("recipient.invited", "recipient", "recipientId")),
            Map.entry(
                    "POST " + RECIPIENTS + "/bulk-invite",
                    Rule.counted("recipients.invited", "campaign", "campaignId")),
            Map.entry("POST " + NOTIFICATIONS, Rule.of("notification.created", "notification", CREATED)),
            Map.entry(
                    "POST " + NOTIFICATIONS + "/schedule", Rule.of("notification.scheduled", "notification", CREATED)),
            Map.entry(
                    "DELETE " + NOTIFICATIONS + "/{notificationId}",
                    Rule.of("notification.cancelled", "notification", "notificationId")),
            Map.entry("POST /v1/webhooks", Rule.of("webhook.created", "webhook", CREATED)),
            Map.entry("PATCH /v1/webhooks/{webhookId}", Rule.of("webhook.updated", "webhook", "webhookId")),
            Map.entry("DELETE /v1/webhooks/{webhookId}", Rule.of("webhook.deleted", "webhook", "webhookId")),
            Map.entry(
                    "POST /v1/webhooks/{webhookId}/rotate-secret",
                    Rule.of("webhook.secret_rotated", "webhook", "webhookId")),
            Map.entry("POST /v1/webhooks/{webhookId}/test", Rule.of("webhook.tested", "webhook", "webhookId")),
            Map.entry("POST /admin/v1/organizations", Rule.of("organization.created", "organization", CREATED)),
            Map.entry("PATCH " + ORGANIZATION, Rule.of("organization.updated", "organization", "orgId")),
            Map.entry("POST " + ORGANIZATION + "/api-keys", Rule.of("api_key.created", "api_key", CREATED)),
            Map.entry("DELETE " + ORGANIZATION + "/api-keys/{keyId}", Rule.of("api_key.revoked", "api_key", "keyId")));

    /**
     * Routes whose writes record themselves in their own transaction, with more than a route
     * knows: adding a console user is recorded by the console as {@code user.added}.
     */
    private static final Map<String, String> SELF_RECORDED =
            Map.of("POST " + ORGANIZATION + "/users", "user.added (recorded by the console)");

    private ApiWriteActions() {}

    /** The rule for a route; empty for routes that record themselves. */
    static Optional<Rule> rule(String method, String pattern) {
        String route = method + " " + pattern;
        if (SELF_RECORDED.containsKey(route)) {
            return Optional.empty();
        }
        Rule rule = RULES.get(route);
        return Optional.of(rule != null ? rule : unlisted(method, pattern));
    }

    static boolean listed(String method, String pattern) {
        String route = method + " " + pattern;
        return RULES.containsKey(route) || SELF_RECORDED.containsKey(route);
    }

    static Map<String, Rule> rules() {
        return RULES;
    }

    private static Rule unlisted(String method, @Nullable String pattern) {
        return new Rule("request." + method.toLowerCase(java.util.Locale.ROOT), "route", "@route", false);
    }
}
