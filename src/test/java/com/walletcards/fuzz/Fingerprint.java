package com.walletcards.fuzz;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A cheap summary of what the API lets an organization change: row counts and the size of the
 * client-owned columns of its main tables. Background work (card issuing, deliveries, sending,
 * completion) never touches these columns, so a difference across one request is that request's
 * doing.
 */
final class Fingerprint {

    private static final String SQL = """
            SELECT
              (SELECT COUNT(*) FROM campaigns WHERE organization_id = :org),
              (SELECT COALESCE(SUM(LENGTH(name) + LENGTH(campaign_data) + LENGTH(metadata) + LENGTH(provider_types)
                 + content_version + CASE WHEN deleted_at IS NULL THEN 0 ELSE 1000000 END), 0)
                 FROM campaigns WHERE organization_id = :org),
              (SELECT COUNT(*) FROM recipients WHERE organization_id = :org),
              (SELECT COALESCE(SUM(LENGTH(email) + COALESCE(LENGTH(name), 0) + COALESCE(LENGTH(phone), 0)
                 + COALESCE(LENGTH(external_id), 0) + LENGTH(recipient_data) + content_version
                 + CASE WHEN deleted_at IS NULL THEN 0 ELSE 1000000 END), 0)
                 FROM recipients WHERE organization_id = :org),
              (SELECT COUNT(*) FROM notifications WHERE organization_id = :org),
              (SELECT COUNT(*) FROM notifications WHERE organization_id = :org AND cancelled_at IS NOT NULL),
              (SELECT COUNT(*) FROM webhooks WHERE organization_id = :org),
              (SELECT COALESCE(SUM(LENGTH(url) + LENGTH(events) + COALESCE(LENGTH(description), 0)
                 + CASE WHEN enabled THEN 1 ELSE 0 END + CASE WHEN deleted_at IS NULL THEN 0 ELSE 1000000 END), 0)
                 FROM webhooks WHERE organization_id = :org),
              (SELECT COUNT(*) FROM api_keys WHERE organization_id = :org)
            """;

    private final JdbcClient jdbc;
    private final String organizationId;

    Fingerprint(JdbcClient jdbc, String organizationId) {
        this.jdbc = jdbc;
        this.organizationId = organizationId;
    }

    List<Object> take() {
        return jdbc.sql(SQL)
                .param("org", organizationId)
                .query((rs, n) -> {
                    Object[] values = new Object[9];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = rs.getLong(i + 1);
                    }
                    return List.of(values);
                })
                .single();
    }
}
