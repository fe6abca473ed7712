package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * Issued credentials: their holder, status list entry and content version, the last notification
 * event of their response, and whether their card was revoked.
 */
final class CredentialQueries {

    private final NamedParameterJdbcTemplate jdbc;

    CredentialQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records the new credentials of one response (one notification id) at the given indices of
     * a list, which come from places reserved for them ({@link StatusIndices}), with one
     * multi-row INSERT: it stores all of them or none.
     */
    void saveCredentials(
            String notificationId, Holder holder, int listId, List<Integer> indices, long contentVersion, Instant now) {
        StringBuilder sql = new StringBuilder("""
                INSERT INTO openid4vci_credentials (notification_id, object_ref, wallet_card_id, list_id,
                  status_idx, content_version, issued_at, revoked) VALUES """);
        var params = new MapSqlParameterSource("id", notificationId)
                .addValue("ref", holder.objectRef())
                .addValue("card", holder.walletCardId())
                .addValue("list", listId)
                .addValue("version", contentVersion)
                .addValue("now", Times.db(now));
        for (int i = 0; i < indices.size(); i++) {
            sql.append(i == 0 ? "" : ", ")
                    .append("(:id, :ref, :card, :list, :idx")
                    .append(i)
                    .append(", :version, :now, FALSE)");
            params.addValue("idx" + i, indices.get(i));
        }
        jdbc.update(sql.toString(), params);
    }

    /** The holder of the credentials of one response (a batch shares them) and their last notification event. */
    record Issued(
            String notificationId,
            String objectRef,
            String walletCardId,
            @Nullable String lastEvent) {}

    Optional<Issued> credential(String notificationId) {
        return jdbc
                .query(
                        """
                        SELECT notification_id, object_ref, wallet_card_id, last_event FROM openid4vci_credentials
                        WHERE notification_id = :id LIMIT 1""",
                        new MapSqlParameterSource("id", notificationId),
                        (rs, i) -> new Issued(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                .stream()
                .findFirst();
    }

    /** Records the event for every credential of the response: a notification speaks for the whole batch. */
    void recordEvent(String notificationId, String event) {
        jdbc.update(
                "UPDATE openid4vci_credentials SET last_event = :event WHERE notification_id = :id",
                new MapSqlParameterSource("id", notificationId).addValue("event", event));
    }

    /**
     * Whether another credential of the object may still be in a wallet (no failure or deletion
     * reported), and whether one of those already carries {@code contentVersion} or newer.
     */
    record Held(boolean any, boolean current) {}

    boolean otherCredentialsHeld(String objectRef, String notificationId) {
        return otherCredentialsHeld(objectRef, notificationId, Long.MAX_VALUE).any();
    }

    Held otherCredentialsHeld(String objectRef, String notificationId, long contentVersion) {
        // EXISTS, not COUNT: a wallet that re-fetches often holds many credentials of one object.
        String held = "SELECT 1 FROM openid4vci_credentials WHERE object_ref = :ref AND notification_id <> :id"
                + " AND revoked = FALSE AND (last_event IS NULL OR last_event = 'credential_accepted')";
        return jdbc.queryForObject(
                "SELECT EXISTS (" + held + "), EXISTS (" + held + " AND content_version >= :version)",
                new MapSqlParameterSource("ref", objectRef)
                        .addValue("id", notificationId)
                        .addValue("version", contentVersion),
                (rs, n) -> new Held(rs.getBoolean(1), rs.getBoolean(2)));
    }

    /** Sets the revoked flag of every credential of the objects and marks their lists for re-signing. */
    void revoke(List<String> objectRefs) {
        if (objectRefs.isEmpty()) {
            return;
        }
        // The flags first, then the version: a reader that sees the new version also sees the flags.
        jdbc.update(
                "UPDATE openid4vci_credentials SET revoked = TRUE WHERE object_ref IN (:refs)",
                new MapSqlParameterSource("refs", objectRefs));
        jdbc.update("""
                UPDATE openid4vci_status_lists SET version = version + 1 WHERE list_id IN (SELECT list_id FROM
                  openid4vci_credentials WHERE object_ref IN (:refs))""", new MapSqlParameterSource("refs", objectRefs));
    }
}
