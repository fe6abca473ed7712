package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the updates list: a page of a campaign's versions that reached cards, and their counters. */
@Repository
class UpdateListQueries {

    /** One content version as listed. */
    record VersionRow(long version, Instant at, String changed) {}

    record Counts(long target, long delivered, long pending, long failed, long stale) {
        static final Counts NONE = new Counts(0, 0, 0, 0, 0);
    }

    private final JdbcClient jdbc;

    UpdateListQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long reachedCount(OrganizationId org, String campaignId) {
        return jdbc.sql("SELECT COUNT(*) FROM content_versions WHERE campaign_id = :c AND reached = TRUE"
                        + " AND organization_id = :org")
                .param("c", campaignId)
                .param("org", org.value())
                .query(Long.class)
                .single();
    }

    List<VersionRow> reached(OrganizationId org, String campaignId, int limit, long offset) {
        return jdbc.sql("SELECT version, at, changed FROM content_versions WHERE campaign_id = :c AND reached = TRUE"
                        + " AND organization_id = :org ORDER BY version DESC LIMIT :limit OFFSET :offset")
                .param("c", campaignId)
                .param("org", org.value())
                .param("limit", limit)
                .param("offset", offset)
                .query((rs, n) -> new VersionRow(
                        rs.getLong(1), rs.getObject(2, OffsetDateTime.class).toInstant(), rs.getString(3)))
                .list();
    }

    /** Counters of these versions, as {@code version -> provider -> counts}. */
    Map<Long, Map<String, Counts>> counts(String campaignId, Collection<Long> versions) {
        Map<Long, Map<String, Counts>> counts = new HashMap<>();
        if (versions.isEmpty()) {
            return counts;
        }
        jdbc.sql("SELECT version, provider, target, delivered, pending, failed, stale FROM update_delivery_counts"
                        + " WHERE campaign_id = :c AND version IN (:versions)")
                .param("c", campaignId)
                .param("versions", List.copyOf(versions))
                .query(rs -> {
                    counts.computeIfAbsent(rs.getLong(1), v -> new HashMap<>())
                            .put(
                                    rs.getString(2),
                                    new Counts(
                                            rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7)));
                });
        return counts;
    }
}
