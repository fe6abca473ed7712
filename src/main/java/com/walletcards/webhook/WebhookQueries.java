package com.walletcards.webhook;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of webhook subscriptions; every statement takes the organization. */
@Repository
class WebhookQueries {

    private static final String COLUMNS =
            "id, url, events, description, enabled, disabled_reason, created_at, updated_at";
    private static final String LIVE = " organization_id = ? AND deleted_at IS NULL";

    private final JdbcClient jdbc;

    WebhookQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** What the outbox needs to pick the subscriptions of an event. */
    record Subscriber(WebhookId id, List<String> events) {}

    /** What one delivery attempt needs: where to send, and the (encrypted) secrets to sign with. */
    record Target(
            String url,
            boolean enabled,
            String sealedSecret,
            @Nullable String sealedPreviousSecret,
            @Nullable Instant previousSecretExpiresAt) {}

    void insert(OrganizationId org, Webhook w, String sealedSecret) {
        jdbc.sql("INSERT INTO webhooks (" + COLUMNS
                        + ", organization_id, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        w.id().value(),
                        w.url(),
                        String.join(" ", w.events()),
                        w.description(),
                        w.enabled(),
                        w.disabledReason(),
                        Times.db(w.createdAt()),
                        Times.db(w.updatedAt()),
                        org.value(),
                        sealedSecret)
                .update();
    }

    Optional<Webhook> find(OrganizationId org, WebhookId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM webhooks WHERE id = ? AND" + LIVE)
                .params(id.value(), org.value())
                .query(WebhookQueries::webhook)
                .optional();
    }

    /** Loads and row-locks the subscription, so that changes to it serialize. */
    Optional<Webhook> findForUpdate(OrganizationId org, WebhookId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM webhooks WHERE id = ? AND" + LIVE + " FOR UPDATE")
                .params(id.value(), org.value())
                .query(WebhookQueries::webhook)
                .optional();
    }

    List<Webhook> list(OrganizationId org, Page page) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM webhooks WHERE" + LIVE + " ORDER BY id DESC LIMIT ? OFFSET ?")
                .params(org.value(), page.limit(), page.offset())
                .query(WebhookQueries::webhook)
                .list();
    }

    long count(OrganizationId org) {
        return jdbc.sql("SELECT COUNT(*) FROM webhooks WHERE" + LIVE)
                .params(org.value())
                .query(Long.class)
                .single();
    }

    void update(OrganizationId org, Webhook w, boolean resetFailures) {
        jdbc.sql("UPDATE webhooks SET url = ?, events = ?, description = ?, enabled = ?, disabled_reason = ?,"
                        + " updated_at = ?" + (resetFailures ? ", failing_since = NULL" : "")
                        + " WHERE id = ? AND" + LIVE)
                .params(
                        w.url(),
                        String.join(" ", w.events()),
                        w.description(),
                        w.enabled(),
                        w.disabledReason(),
                        Times.db(w.updatedAt()),
                        w.id().value(),
                        org.value())
                .update();
    }

    boolean softDelete(OrganizationId org, WebhookId id, Instant at) {
        return jdbc.sql("UPDATE webhooks SET deleted_at = ?, enabled = FALSE WHERE id = ? AND" + LIVE)
                        .params(Times.db(at), id.value(), org.value())
                        .update()
                > 0;
    }

    /** The current secret becomes the previous one (until {@code previousExpiresAt}); one SQL statement. */
    void rotateSecret(OrganizationId org, WebhookId id, String sealedSecret, Instant previousExpiresAt, Instant now) {
        jdbc.sql("UPDATE webhooks SET previous_secret = secret, previous_secret_expires_at = ?, secret = ?,"
                        + " updated_at = ? WHERE id = ? AND" + LIVE)
                .params(Times.db(previousExpiresAt), sealedSecret, Times.db(now), id.value(), org.value())
                .update();
    }

    List<Subscriber> enabledSubscribers(OrganizationId org) {
        return jdbc.sql("SELECT id, events FROM webhooks WHERE" + LIVE + " AND enabled = TRUE")
                .params(org.value())
                .query((rs, row) -> new Subscriber(new WebhookId(rs.getString("id")), events(rs)))
                .list();
    }

    /** The delivery target, or empty when the subscription was deleted. */
    Optional<Target> target(OrganizationId org, WebhookId id) {
        return jdbc.sql("SELECT url, enabled, secret, previous_secret, previous_secret_expires_at FROM webhooks"
                        + " WHERE id = ? AND" + LIVE)
                .params(id.value(), org.value())
                .query((rs, row) -> new Target(
                        rs.getString("url"),
                        rs.getBoolean("enabled"),
                        rs.getString("secret"),
                        rs.getString("previous_secret"),
                        instant(rs, "previous_secret_expires_at")))
                .optional();
    }

    void clearFailures(OrganizationId org, WebhookId id) {
        jdbc.sql("UPDATE webhooks SET failing_since = NULL WHERE id = ? AND organization_id = ?"
                        + " AND failing_since IS NOT NULL")
                .params(id.value(), org.value())
                .update();
    }

    /** Records a failure; returns since when the subscription has been failing without a success. */
    Instant recordFailure(OrganizationId org, WebhookId id, Instant at) {
        jdbc.sql("UPDATE webhooks SET failing_since = ? WHERE id = ? AND organization_id = ? AND failing_since IS NULL")
                .params(Times.db(at), id.value(), org.value())
                .update();
        Instant since = jdbc.sql("SELECT failing_since FROM webhooks WHERE id = ? AND organization_id = ?")
                .params(id.value(), org.value())
                .query((rs, row) -> instant(rs, "failing_since"))
                .optional()
                .orElse(null);
        return since == null ? at : since;
    }

    /** Disables an enabled subscription; false when it was not enabled (any more). */
    boolean disable(OrganizationId org, WebhookId id, String reason, Instant at) {
        return jdbc.sql("UPDATE webhooks SET enabled = FALSE, disabled_reason = ?, updated_at = ?" + " WHERE id = ? AND"
                                + LIVE + " AND enabled = TRUE")
                        .params(reason, Times.db(at), id.value(), org.value())
                        .update()
                > 0;
    }

    private static Webhook webhook(ResultSet rs, int row) throws SQLException {
        return new Webhook(
                new WebhookId(rs.getString("id")),
                rs.getString("url"),
                events(rs),
                rs.getString("description"),
                rs.getBoolean("enabled"),
                rs.getString("disabled_reason"),
                instant(rs, "created_at"),
                instant(rs, "updated_at"));
    }

    private static List<String> events(ResultSet rs) throws SQLException {
        return Arrays.asList(rs.getString("events").split(" "));
    }

    private static @Nullable Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
