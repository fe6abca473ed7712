package com.walletcards.provider.google;

import com.walletcards.shared.Times;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * This service's record of its classes and objects at Google. Versions only move forward (a
 * compare-and-set), so a late, older push never overwrites what a newer one recorded.
 */
final class WalletRecords {

    record ClassRecord(String classId, String campaignId, String vertical, long campaignVersion, String bodyHash) {}

    record ObjectRecord(
            String objectId,
            String walletCardId,
            String classId,
            String vertical,
            long contentVersion,
            String bodyHash,
            boolean inactive) {}

    record MessageRecord(boolean notified, @Nullable String outcome) {}

    /** Sorted keys: the same content hashes the same in every process, whatever the maps' order. */
    private static final JsonMapper SORTED = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private final JdbcClient jdbc;
    private final Clock clock;

    WalletRecords(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    Optional<ClassRecord> findClass(String classId) {
        return jdbc.sql("""
                        SELECT class_id, campaign_id, vertical, campaign_version, body_hash
                        FROM google_wallet_classes WHERE class_id = ?""")
                .param(classId)
                .query((rs, i) -> new ClassRecord(
                        rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4), rs.getString(5)))
                .optional();
    }

    void recordClass(String classId, String campaignId, String vertical, long version, String hash) {
        jdbc.sql("""
                        INSERT INTO google_wallet_classes (class_id, campaign_id, vertical, campaign_version, body_hash,
                          updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")
                .params(classId, campaignId, vertical, version, hash, now())
                .update();
        classSent(classId, version, hash);
    }

    /** Records a version sent; an older one than recorded changes nothing. */
    void classSent(String classId, long version, String hash) {
        jdbc.sql("""
                        UPDATE google_wallet_classes SET campaign_version = ?, body_hash = ?, updated_at = ?
                        WHERE class_id = ? AND campaign_version < ?""").params(version, hash, now(), classId, version).update();
    }

    Optional<ObjectRecord> findObject(String objectId) {
        return findObjects(List.of(objectId)).stream().findFirst();
    }

    List<ObjectRecord> findObjects(List<String> objectIds) {
        if (objectIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("""
                        SELECT object_id, wallet_card_id, class_id, vertical, content_version, body_hash, inactive
                        FROM google_wallet_objects WHERE object_id IN (:ids)""")
                .param("ids", objectIds)
                .query((rs, i) -> new ObjectRecord(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getLong(5),
                        rs.getString(6),
                        rs.getBoolean(7)))
                .list();
    }

    void recordObject(ObjectRecord o) {
        jdbc.sql("""
                        INSERT INTO google_wallet_objects (object_id, wallet_card_id, class_id, vertical, content_version,
                          body_hash, inactive, updated_at) VALUES (?, ?, ?, ?, ?, ?, FALSE, ?) ON CONFLICT DO NOTHING""")
                .params(
                        o.objectId(),
                        o.walletCardId(),
                        o.classId(),
                        o.vertical(),
                        o.contentVersion(),
                        o.bodyHash(),
                        now())
                .update();
    }

    void objectSent(String objectId, long version, String hash) {
        jdbc.sql("""
                        UPDATE google_wallet_objects SET content_version = ?, body_hash = ?, last_error = NULL,
                          updated_at = ? WHERE object_id = ? AND content_version < ?""").params(version, hash, now(), objectId, version).update();
    }

    void objectInactive(String objectId) {
        jdbc.sql("UPDATE google_wallet_objects SET inactive = TRUE, updated_at = ? WHERE object_id = ?")
                .params(now(), objectId)
                .update();
    }

    /** Google refused a call about this object for good: kept with Google's message for operators. */
    void objectFailed(String objectId, String error) {
        jdbc.sql("UPDATE google_wallet_objects SET last_error = ?, updated_at = ? WHERE object_id = ?")
                .params(error.length() > 500 ? error.substring(0, 500) : error, now(), objectId)
                .update();
    }

    /** Where a message went: onto a class (all its passes) or onto one object. */
    enum MessageTarget {
        CLASS("google_wallet_messages", "class_id"),
        OBJECT("google_wallet_object_messages", "object_id");

        private final String table;
        private final String idColumn;

        MessageTarget(String table, String idColumn) {
            this.table = table;
            this.idColumn = idColumn;
        }
    }

    Optional<MessageRecord> findMessage(MessageTarget target, String id, String messageId) {
        return jdbc.sql("SELECT notified, outcome FROM " + target.table + " WHERE " + target.idColumn
                        + " = ? AND message_id = ?")
                .params(id, messageId)
                .query((rs, i) -> new MessageRecord(rs.getBoolean(1), rs.getString(2)))
                .optional();
    }

    void recordMessage(MessageTarget target, String id, String messageId, boolean notified, @Nullable String outcome) {
        jdbc.sql("INSERT INTO " + target.table + " (" + target.idColumn
                        + ", message_id, notified, outcome, added_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
                .params(id, messageId, notified, outcome, now())
                .update();
    }

    /** Objects of the class that Google shows as live (not voided by this service). */
    long liveObjects(String classId) {
        return jdbc.sql("SELECT COUNT(*) FROM google_wallet_objects WHERE class_id = ? AND inactive = FALSE")
                .param(classId)
                .query(Long.class)
                .single();
    }

    /** Objects whose save or deletion was never reported, oldest check first, for the reconciliation. */
    List<ObjectRecord> unchecked(int limit) {
        return jdbc.sql("""
                        SELECT object_id, wallet_card_id, class_id, vertical, content_version, body_hash, inactive
                        FROM google_wallet_objects WHERE inactive = FALSE AND has_users IS NULL
                        ORDER BY checked_at NULLS FIRST, object_id LIMIT ?""")
                .param(limit)
                .query((rs, i) -> new ObjectRecord(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getLong(5),
                        rs.getString(6),
                        rs.getBoolean(7)))
                .list();
    }

    void checked(String objectId, @Nullable Boolean hasUsers) {
        jdbc.sql("UPDATE google_wallet_objects SET has_users = ?, checked_at = ? WHERE object_id = ?")
                .params(hasUsers, now(), objectId)
                .update();
    }

    /** A callback told us: no need to ask Google any more. */
    void usersReported(String objectId, boolean hasUsers) {
        checked(objectId, hasUsers);
    }

    static String hash(Map<String, Object> body) {
        try {
            byte[] json = SORTED.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private java.time.OffsetDateTime now() {
        return Times.db(Times.now(clock));
    }
}
