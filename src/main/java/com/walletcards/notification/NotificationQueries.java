package com.walletcards.notification;

import com.walletcards.campaign.CampaignId;
import com.walletcards.card.ActiveCard;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of notifications and their per-card deliveries; every API read takes the organization. */
@Repository
class NotificationQueries {

    private static final String COLUMNS = """
      id, organization_id, campaign_id, kind, status, header, body, scheduled_for, targeted_cards,
      delivered_cards, failed_cards, last_card_id, created_at, sent_at, cancelled_at""";

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    NotificationQueries(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    void insert(Notification n) {
        jdbc.sql("INSERT INTO notifications (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        n.id(),
                        n.organizationId().value(),
                        n.campaignId().value(),
                        n.kind().name(),
                        n.status().name(),
                        n.message().header(),
                        n.message().body(),
                        Times.db(n.scheduledFor()),
                        n.targetedCards(),
                        n.deliveredCards(),
                        n.failedCards(),
                        n.lastCardId(),
                        Times.db(n.createdAt()),
                        Times.db(n.sentAt()),
                        Times.db(n.cancelledAt()))
                .update();
    }

    /** Saves the mutable part; callers hold the row lock, so no change is lost. */
    void update(Notification n) {
        jdbc.sql("""
                UPDATE notifications SET status = ?, targeted_cards = ?, delivered_cards = ?, failed_cards = ?,
                  last_card_id = ?, sent_at = ?, cancelled_at = ?
                WHERE id = ?""")
                .params(
                        n.status().name(),
                        n.targetedCards(),
                        n.deliveredCards(),
                        n.failedCards(),
                        n.lastCardId(),
                        Times.db(n.sentAt()),
                        Times.db(n.cancelledAt()),
                        n.id())
                .update();
    }

    /**
     * Cancels only while still pending. Together with the row lock this is the guarantee that a
     * cancel and the start of sending never both succeed.
     */
    boolean cancelIfPending(Notification n) {
        return jdbc.sql(
                                "UPDATE notifications SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND status = 'pending'")
                        .params(Times.db(n.cancelledAt()), n.id())
                        .update()
                == 1;
    }

    /** Moves a due notification from pending to sending, unless a cancel got there first. */
    boolean startIfPending(Notification n) {
        return jdbc.sql("UPDATE notifications SET status = 'sending' WHERE id = ? AND status = 'pending'")
                        .params(n.id())
                        .update()
                == 1;
    }

    Optional<Notification> find(OrganizationId org, CampaignId campaignId, String id) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM notifications WHERE organization_id = ? AND campaign_id = ? AND id = ?")
                .params(org.value(), campaignId.value(), id)
                .query(NotificationQueries::notification)
                .optional();
    }

    Optional<Notification> findForUpdate(OrganizationId org, CampaignId campaignId, String id) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM notifications WHERE organization_id = ? AND campaign_id = ? AND id = ? FOR UPDATE")
                .params(org.value(), campaignId.value(), id)
                .query(NotificationQueries::notification)
                .optional();
    }

    /** For the background job, which knows the notification only by id. */
    Optional<Notification> lockById(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications WHERE id = ? FOR UPDATE")
                .params(id)
                .query(NotificationQueries::notification)
                .optional();
    }

    /** What the lifetime limit counts: every notification of the campaign that was not cancelled. */
    int countTowardsLimit(OrganizationId org, CampaignId campaignId) {
        return jdbc.sql("SELECT COUNT(*) FROM notifications WHERE organization_id = ? AND campaign_id = ?"
                        + " AND status <> 'cancelled'")
                .params(org.value(), campaignId.value())
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
        List<Object> params = filterParams(org, campaignId, kind, status);
        params.add(page.limit());
        params.add(page.offset());
        return jdbc.sql("SELECT " + COLUMNS + " FROM notifications WHERE " + filter(kind, status) + " ORDER BY " + order
                        + " LIMIT ? OFFSET ?")
                .params(params)
                .query(NotificationQueries::notification)
                .list();
    }

    private static String filter(@Nullable NotificationKind kind, @Nullable NotificationStatus status) {
        return "organization_id = ? AND campaign_id = ?"
                + (kind == null ? "" : " AND kind = ?")
                + (status == null ? "" : " AND status = ?");
    }

    private static List<Object> filterParams(
            OrganizationId org,
            CampaignId campaignId,
            @Nullable NotificationKind kind,
            @Nullable NotificationStatus status) {
        List<Object> params = new ArrayList<>(List.of(org.value(), campaignId.value()));
        if (kind != null) {
            params.add(kind.name());
        }
        if (status != null) {
            params.add(status.name());
        }
        return params;
    }

    // ---- deliveries ----

    /**
     * Records that these cards are about to receive the notification; committed before any
     * provider call. Returns the cards claimed now: a card this notification already claimed is
     * skipped (the cursor makes that impossible in practice; the key makes it impossible for sure).
     */
    List<ActiveCard> claim(Notification n, List<ActiveCard> cards, Instant now) {
        int[][] counts = batch.batchUpdate(
                "INSERT INTO notification_deliveries (notification_id, wallet_card_id, organization_id, outcome,"
                        + " claimed_at) VALUES (?, ?, ?, 'claimed', ?) ON CONFLICT DO NOTHING",
                cards,
                500,
                (ps, card) -> {
                    ps.setString(1, n.id());
                    ps.setString(2, card.walletCardId());
                    ps.setString(3, n.organizationId().value());
                    ps.setObject(4, Times.db(now));
                });
        List<ActiveCard> claimed = new ArrayList<>(cards.size());
        int i = 0;
        for (int[] chunk : counts) {
            for (int inserted : chunk) {
                if (inserted > 0) {
                    claimed.add(cards.get(i));
                }
                i++;
            }
        }
        return claimed;
    }

    record Result(
            String walletCardId,
            boolean delivered,
            @Nullable String error) {}

    /**
     * Records outcomes of claimed cards; only rows still {@code claimed} change, so an outcome is
     * never counted twice. Returns how many deliveries and failures were actually recorded.
     */
    int[] recordOutcomes(String notificationId, List<Result> results, Instant now) {
        int[][] counts = batch.batchUpdate(
                "UPDATE notification_deliveries SET outcome = ?, error = ?, finished_at = ?"
                        + " WHERE notification_id = ? AND wallet_card_id = ? AND outcome = 'claimed'",
                results,
                500,
                (ps, r) -> {
                    ps.setString(1, r.delivered() ? "delivered" : "failed");
                    ps.setString(2, r.error());
                    ps.setObject(3, Times.db(now));
                    ps.setString(4, notificationId);
                    ps.setString(5, r.walletCardId());
                });
        int delivered = 0;
        int failed = 0;
        int i = 0;
        for (int[] chunk : counts) {
            for (int updated : chunk) {
                if (updated > 0) {
                    if (results.get(i).delivered()) {
                        delivered++;
                    } else {
                        failed++;
                    }
                }
                i++;
            }
        }
        return new int[] {delivered, failed};
    }

    /**
     * Claims left without an outcome by an interrupted run: the provider may or may not have shown
     * the message, so they are recorded as failed rather than sent again. Returns how many.
     */
    int failInterrupted(String notificationId, Instant now) {
        return jdbc.sql("""
                UPDATE notification_deliveries SET outcome = 'failed', finished_at = ?,
                  error = 'interrupted before the outcome was recorded; not repeated to avoid a duplicate message'
                WHERE notification_id = ? AND outcome = 'claimed'""").params(Times.db(now), notificationId).update();
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
