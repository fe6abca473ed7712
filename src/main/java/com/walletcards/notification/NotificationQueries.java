package com.walletcards.notification;

import com.walletcards.campaign.CampaignId;
import com.walletcards.card.ActiveCard;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.SavepointManager;

/** SQL of notifications and their per-card deliveries; every API read takes the organization. */
@Repository
class NotificationQueries {

    private static final String COLUMNS = """
      id, organization_id, campaign_id, kind, status, header, body, scheduled_for, targeted_cards,
      delivered_cards, failed_cards, last_card_id, created_at, sent_at, cancelled_at""";

    private static final String OF_CAMPAIGN = "organization_id = :org AND campaign_id = :campaign";

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    NotificationQueries(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    void insert(Notification n) {
        jdbc.sql("INSERT INTO notifications (" + COLUMNS + """
                        ) VALUES (:id, :org, :campaign, :kind, :status, :header, :body, :scheduledFor, :targeted,
                          :delivered, :failed, :lastCard, :createdAt, :sentAt, :cancelledAt)""")
                .param("id", n.id())
                .param("org", n.organizationId().value())
                .param("campaign", n.campaignId().value())
                .param("kind", n.kind().name())
                .param("status", n.status().name())
                .param("header", n.message().header())
                .param("body", n.message().body())
                .param("scheduledFor", Times.db(n.scheduledFor()))
                .param("targeted", n.targetedCards())
                .param("delivered", n.deliveredCards())
                .param("failed", n.failedCards())
                .param("lastCard", n.lastCardId())
                .param("createdAt", Times.db(n.createdAt()))
                .param("sentAt", Times.db(n.sentAt()))
                .param("cancelledAt", Times.db(n.cancelledAt()))
                .update();
    }

    /** Saves the mutable part; callers hold the row lock, so no change is lost. */
    void update(Notification n) {
        jdbc.sql("""
                UPDATE notifications SET status = :status, targeted_cards = :targeted, delivered_cards = :delivered,
                  failed_cards = :failed, last_card_id = :lastCard, sent_at = :sentAt, cancelled_at = :cancelledAt
                WHERE id = :id""")
                .param("status", n.status().name())
                .param("targeted", n.targetedCards())
                .param("delivered", n.deliveredCards())
                .param("failed", n.failedCards())
                .param("lastCard", n.lastCardId())
                .param("sentAt", Times.db(n.sentAt()))
                .param("cancelledAt", Times.db(n.cancelledAt()))
                .param("id", n.id())
                .update();
    }

    /**
     * Cancels only while still pending. Together with the row lock this is the guarantee that a
     * cancel and the start of sending never both succeed.
     */
    boolean cancelIfPending(Notification n) {
        return jdbc.sql("UPDATE notifications SET status = 'cancelled', cancelled_at = :at WHERE id = :id"
                                + " AND status = 'pending'")
                        .param("at", Times.db(n.cancelledAt()))
                        .param("id", n.id())
                        .update()
                == 1;
    }

    /** Moves a due notification from pending to sending, unless a cancel got there first. */
    boolean startIfPending(Notification n) {
        return jdbc.sql("UPDATE notifications SET status = 'sending' WHERE id = :id AND status = 'pending'")
                        .param("id", n.id())
                        .update()
                == 1;
    }

    Optional<Notification> find(OrganizationId org, CampaignId campaignId, String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications WHERE " + OF_CAMPAIGN + " AND id = :id")
                .params(ofCampaign(org, campaignId))
                .param("id", id)
                .query(NotificationQueries::notification)
                .optional();
    }

    Optional<Notification> findForUpdate(OrganizationId org, CampaignId campaignId, String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications WHERE " + OF_CAMPAIGN + " AND id = :id FOR UPDATE")
                .params(ofCampaign(org, campaignId))
                .param("id", id)
                .query(NotificationQueries::notification)
                .optional();
    }

    /** For the background job, which knows the notification only by id. */
    Optional<Notification> lockById(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications WHERE id = :id FOR UPDATE")
                .param("id", id)
                .query(NotificationQueries::notification)
                .optional();
    }

    /** What the lifetime limit counts: every notification of the campaign that was not cancelled. */
    int countTowardsLimit(OrganizationId org, CampaignId campaignId) {
        return jdbc.sql("SELECT COUNT(*) FROM notifications WHERE " + OF_CAMPAIGN + " AND status <> 'cancelled'")
                .params(ofCampaign(org, campaignId))
                .query(Integer.class)
                .single();
    }

    /** Scheduled notifications in the order they go out: by scheduledFor, then id. */
    List<Notification> listScheduled(
            OrganizationId org, CampaignId campaignId, @Nullable NotificationStatus status, Page page) {
        return list(org, campaignId, NotificationKind.scheduled, status, "scheduled_for, id", page);
    }

    /** Every notification of the campaign, newest first (ids are time-ordered, so they break ties). */
    List<Notification> listNewestFirst(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable NotificationKind kind,
            @Nullable NotificationStatus status,
            Page page) {
        return list(org, campaignId, kind, status, "created_at DESC, id DESC", page);
    }

    long count(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable NotificationKind kind,
            @Nullable NotificationStatus status) {
        return jdbc.sql("SELECT COUNT(*) FROM notifications WHERE " + filter(kind, status))
                .params(filterParams(org, campaignId, kind, status))
                .query(Long.class)
                .single();
    }

    private List<Notification> list(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable NotificationKind kind,
            @Nullable NotificationStatus status,
            String order,
            Page page) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications WHERE " + filter(kind, status) + " ORDER BY " + order
                        + " LIMIT :limit OFFSET :offset")
                .params(filterParams(org, campaignId, kind, status))
                .param("limit", page.limit())
                .param("offset", page.offset())
                .query(NotificationQueries::notification)
                .list();
    }

    private static String filter(@Nullable NotificationKind kind, @Nullable NotificationStatus status) {
        return OF_CAMPAIGN
                + (kind == null ? "" : " AND kind = :kind")
                + (status == null ? "" : " AND status = :status");
    }

    private static Map<String, Object> filterParams(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable NotificationKind kind,
            @Nullable NotificationStatus status) {
        Map<String, Object> params = new HashMap<>(ofCampaign(org, campaignId));
        if (kind != null) {
            params.put("kind", kind.name());
        }
        if (status != null) {
            params.put("status", status.name());
        }
        return params;
    }

    private static Map<String, Object> ofCampaign(OrganizationId org, CampaignId campaignId) {
        return Map.of("org", org.value(), "campaign", campaignId.value());
    }

    // ---- deliveries ----

    /**
     * Records that these cards are about to receive the notification; committed before any
     * provider call. Returns the cards claimed now: a card this notification already claimed is
     * skipped (the cursor makes that impossible in practice; the key makes it impossible for sure).
     *
     * <p>One statement claims them all; when it inserts fewer rows than there are cards, which
     * were skipped is not in its count, so it is rolled back to a savepoint and the cards are
     * claimed row by row, whose counts say which rows are new. Those counts need the PostgreSQL
     * driver's {@code reWriteBatchedInserts} off (the default): it turns a batch of inserts into
     * multi-row statements and reports every row as {@code SUCCESS_NO_INFO}.
     */
    List<ActiveCard> claim(Notification n, List<ActiveCard> cards, Instant now, SavepointManager savepoints) {
        if (cards.isEmpty()) {
            return List.of();
        }
        Object savepoint = savepoints.createSavepoint();
        int inserted = jdbc.sql("""
                        INSERT INTO notification_deliveries (notification_id, wallet_card_id, organization_id, outcome,
                          claimed_at)
                        SELECT :notification, c.card, :org, 'claimed', :now FROM UNNEST(:cards) AS c(card)
                        ON CONFLICT DO NOTHING""")
                .param("notification", n.id())
                .param("org", n.organizationId().value())
                .param("now", Times.db(now))
                .param(
                        "cards",
                        SqlArrays.of(
                                cards.stream().map(ActiveCard::walletCardId).toList()))
                .update();
        if (inserted == cards.size()) {
            return cards;
        }
        savepoints.rollbackToSavepoint(savepoint);
        int[] rows = batch.batchUpdate(
                "INSERT INTO notification_deliveries (notification_id, wallet_card_id, organization_id, outcome,"
                        + " claimed_at) VALUES (:notification, :card, :org, 'claimed', :now) ON CONFLICT DO NOTHING",
                cards.stream()
                        .map(card -> new MapSqlParameterSource()
                                .addValue("notification", n.id())
                                .addValue("card", card.walletCardId())
                                .addValue("org", n.organizationId().value())
                                .addValue("now", Times.db(now)))
                        .toArray(SqlParameterSource[]::new));
        List<ActiveCard> claimed = new ArrayList<>(cards.size());
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] > 0) {
                claimed.add(cards.get(i));
            }
        }
        return claimed;
    }

    record Result(
            String walletCardId,
            boolean delivered,
            @Nullable String error) {}

    /** What several cards' deliveries share: recorded by one statement. */
    private record Outcome(boolean delivered, @Nullable String error) {}

    /**
     * Records outcomes of claimed cards; only rows still {@code claimed} change, so an outcome is
     * never counted twice. Returns how many deliveries and failures were actually recorded.
     *
     * <p>Cards with the same outcome and error are recorded by one statement: only the counts
     * are read, and each group's count is exact, so no row needs a statement of its own.
     */
    int[] recordOutcomes(String notificationId, List<Result> results, Instant now) {
        Map<Outcome, List<String>> groups = new LinkedHashMap<>();
        results.forEach(r -> groups.computeIfAbsent(new Outcome(r.delivered(), r.error()), g -> new ArrayList<>())
                .add(r.walletCardId()));
        int delivered = 0;
        int failed = 0;
        for (Map.Entry<Outcome, List<String>> group : groups.entrySet()) {
            Outcome outcome = group.getKey();
            int updated = jdbc.sql("""
                            UPDATE notification_deliveries SET outcome = :outcome, error = :error, finished_at = :now
                            WHERE notification_id = :notification AND wallet_card_id = ANY(:cards)
                              AND outcome = 'claimed'""")
                    .param("outcome", outcome.delivered() ? "delivered" : "failed")
                    .param("error", outcome.error())
                    .param("now", Times.db(now))
                    .param("notification", notificationId)
                    .param("cards", SqlArrays.of(group.getValue()))
                    .update();
            if (outcome.delivered()) {
                delivered += updated;
            } else {
                failed += updated;
            }
        }
        return new int[] {delivered, failed};
    }

    /**
     * Claims left without an outcome by an interrupted run: the provider may or may not have shown
     * the message, so they are recorded as failed rather than sent again. Returns how many.
     */
    int failInterrupted(String notificationId, Instant now, Instant claimedBefore) {
        return jdbc.sql("""
                        UPDATE notification_deliveries SET outcome = 'failed', finished_at = :now,
                          error = 'interrupted before the outcome was recorded; not repeated to avoid a duplicate message'
                        WHERE notification_id = :notification AND outcome = 'claimed' AND claimed_at < :before""")
                .param("now", Times.db(now))
                .param("notification", notificationId)
                .param("before", Times.db(claimedBefore))
                .update();
    }

    /** Claims of this notification still without an outcome. */
    int claimedWithoutOutcome(String notificationId) {
        return jdbc.sql("SELECT COUNT(*) FROM notification_deliveries WHERE notification_id = :notification"
                        + " AND outcome = 'claimed'")
                .param("notification", notificationId)
                .query(Integer.class)
                .single();
    }

    private static Notification notification(ResultSet rs, int row) throws SQLException {
        return new Notification(
                rs.getString("id"),
                new OrganizationId(rs.getString("organization_id")),
                new CampaignId(rs.getString("campaign_id")),
                NotificationKind.valueOf(rs.getString("kind")),
                NotificationStatus.valueOf(rs.getString("status")),
                new Message(rs.getString("header"), rs.getString("body")),
                instant(rs, "scheduled_for"),
                rs.getInt("targeted_cards"),
                rs.getInt("delivered_cards"),
                rs.getInt("failed_cards"),
                rs.getString("last_card_id"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                instant(rs, "sent_at"),
                instant(rs, "cancelled_at"));
    }

    private static @Nullable Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
