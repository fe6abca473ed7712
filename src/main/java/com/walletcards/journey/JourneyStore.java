package com.walletcards.journey;

import com.walletcards.journey.Milestones.Delta;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.sql.Date;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.SqlParameterValue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The journey module's writes: milestones rows, journey events and appended counter rows. */
@Repository
class JourneyStore {

    /** A journey event to store. */
    record Row(
            OrganizationId organizationId,
            String campaignId,
            String recipientId,
            JourneyEventType type,
            @Nullable String provider,
            Instant at,
            Map<String, Object> detail) {}

    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    JourneyStore(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /**
     * The recipients' rows, locked until the transaction ends, so that two facts of one recipient
     * take turns; in the order of their ids, so that two writers of overlapping recipients (a fold
     * and an invitation of many) wait for each other instead of locking each other out.
     */
    Map<String, Milestones> lock(Collection<String> recipientIds) {
        Map<String, Milestones> found = new LinkedHashMap<>();
        jdbc.sql("""
                        SELECT recipient_id, organization_id, campaign_id, reached, installed_now, devices,
                               opened_count, deleted
                        FROM journey_milestones WHERE recipient_id = ANY(:ids) ORDER BY recipient_id FOR UPDATE""")
                .param("ids", SqlArrays.of(recipientIds))
                .query((rs, n) -> new Milestones(
                        rs.getString("recipient_id"),
                        new OrganizationId(rs.getString("organization_id")),
                        rs.getString("campaign_id"),
                        rs.getInt("reached"),
                        rs.getInt("installed_now"),
                        rs.getInt("devices"),
                        rs.getLong("opened_count"),
                        rs.getBoolean("deleted"),
                        true))
                .list()
                .forEach(m -> found.put(m.recipientId, m));
        return found;
    }

    /** Inserts the new rows and updates the changed ones: one batch each. */
    void save(Collection<Milestones> rows) {
        List<Object[]> inserts = new ArrayList<>();
        List<Object[]> updates = new ArrayList<>();
        for (Milestones m : rows) {
            if (!m.stored) {
                inserts.add(new Object[] {
                    m.recipientId,
                    m.organizationId.value(),
                    m.campaignId,
                    m.reached,
                    m.installedNow,
                    m.devices,
                    m.openedCount,
                    m.deleted
                });
            } else if (m.changed) {
                updates.add(
                        new Object[] {m.reached, m.installedNow, m.devices, m.openedCount, m.deleted, m.recipientId});
            }
        }
        if (!inserts.isEmpty()) {
            batch.batchUpdate(
                    "INSERT INTO journey_milestones (recipient_id, organization_id, campaign_id, reached,"
                            + " installed_now, devices, opened_count, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    inserts);
        }
        if (!updates.isEmpty()) {
            batch.batchUpdate(
                    "UPDATE journey_milestones SET reached = ?, installed_now = ?, devices = ?, opened_count = ?,"
                            + " deleted = ? WHERE recipient_id = ?",
                    updates);
        }
    }

    void append(List<Row> events) {
        if (events.isEmpty()) {
            return;
        }
        batch.batchUpdate(
                "INSERT INTO journey_events (organization_id, campaign_id, recipient_id, event_type, provider,"
                        + " occurred_at, detail) VALUES (?, ?, ?, ?, ?, ?, ?)",
                events.stream()
                        .map(e -> new Object[] {
                            e.organizationId().value(),
                            e.campaignId(),
                            e.recipientId(),
                            e.type().name(),
                            e.provider(),
                            Times.db(e.at()),
                            Json.write(e.detail())
                        })
                        .toList());
    }

    /** Appends the differences, summed per campaign, metric and day: one row each. */
    void count(List<Delta> deltas) {
        Map<List<Object>, Long> sums = new LinkedHashMap<>();
        for (Delta d : deltas) {
            List<Object> key = new ArrayList<>(3);
            key.add(d.campaignId());
            key.add(d.metric());
            key.add(d.day() == null ? "" : d.day());
            sums.merge(key, d.n(), Long::sum);
        }
        List<Object[]> rows = new ArrayList<>();
        sums.forEach((key, n) -> {
            if (n != 0) {
                Object day = key.get(2);
                rows.add(new Object[] {
                    key.get(0),
                    key.get(1),
                    new SqlParameterValue(Types.DATE, day instanceof java.time.LocalDate d ? Date.valueOf(d) : null),
                    n
                });
            }
        });
        if (!rows.isEmpty()) {
            batch.batchUpdate("INSERT INTO journey_counts (campaign_id, metric, on_day, n) VALUES (?, ?, ?, ?)", rows);
        }
    }

    /** A recipient's journey events, oldest first. */
    List<JourneyEvent> page(OrganizationId org, String campaignId, String recipientId, Page page) {
        return jdbc.sql("""
                        SELECT event_type, provider, occurred_at, detail FROM journey_events
                        WHERE organization_id = ? AND recipient_id = ? AND campaign_id = ?
                        ORDER BY id LIMIT ? OFFSET ?""")
                .params(org.value(), recipientId, campaignId, page.limit(), page.offset())
                .query((rs, n) -> new JourneyEvent(
                        JourneyEventType.valueOf(rs.getString("event_type")),
                        rs.getString("provider"),
                        rs.getObject("occurred_at", OffsetDateTime.class).toInstant(),
                        Json.readMap(rs.getString("detail"))))
                .list();
    }

    /** How many journey events the recipient has: a handful, counted by the recipient's index. */
    long total(OrganizationId org, String campaignId, String recipientId) {
        return jdbc.sql("SELECT COUNT(*) FROM journey_events WHERE organization_id = ? AND recipient_id = ?"
                        + " AND campaign_id = ?")
                .params(org.value(), recipientId, campaignId)
                .query(Long.class)
                .single();
    }
}
