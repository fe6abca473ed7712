package com.walletcards.notification;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of the per-provider reports of notifications. */
@Repository
class ProviderReportQueries {

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batch;

    ProviderReportQueries(JdbcClient jdbc, NamedParameterJdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    /** Adds one delivery batch's counts to the notification's report, creating rows on first use. */
    void add(String notificationId, Collection<ProviderReport> counts) {
        SqlParameterSource[] params = counts.stream()
                .map(c -> new MapSqlParameterSource()
                        .addValue("id", notificationId)
                        .addValue("provider", c.provider())
                        .addValue("targeted", c.targetedCards())
                        .addValue("delivered", c.deliveredCards())
                        .addValue("failed", c.failedCards())
                        .addValue("unsupported", c.unsupportedCards()))
                .toArray(SqlParameterSource[]::new);
        batch.batchUpdate(
                "INSERT INTO notification_provider_reports (notification_id, provider) VALUES (:id, :provider)"
                        + " ON CONFLICT DO NOTHING",
                params);
        batch.batchUpdate("""
                UPDATE notification_provider_reports SET targeted_cards = targeted_cards + :targeted,
                  delivered_cards = delivered_cards + :delivered, failed_cards = failed_cards + :failed,
                  unsupported_cards = unsupported_cards + :unsupported
                WHERE notification_id = :id AND provider = :provider""", params);
    }

    /** The reports of these notifications, by notification id, providers in name order. */
    Map<String, List<ProviderReport>> find(Collection<String> notificationIds) {
        Map<String, List<ProviderReport>> reports = new LinkedHashMap<>();
        if (notificationIds.isEmpty()) {
            return reports;
        }
        jdbc.sql("""
                        SELECT notification_id, provider, targeted_cards, delivered_cards, failed_cards,
                          unsupported_cards
                        FROM notification_provider_reports WHERE notification_id IN (:ids)
                        ORDER BY notification_id, provider""")
                .param("ids", notificationIds)
                .query((rs, n) -> reports.computeIfAbsent(rs.getString("notification_id"), id -> new ArrayList<>())
                        .add(new ProviderReport(
                                rs.getString("provider"),
                                rs.getInt("targeted_cards"),
                                rs.getInt("delivered_cards"),
                                rs.getInt("failed_cards"),
                                rs.getInt("unsupported_cards"))))
                .list();
        return reports;
    }
}
