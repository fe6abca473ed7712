package com.walletcards.provider.apple;

import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;

/**
 * The passes and their device registrations. Every change of what a pass shows moves its
 * {@code modified_epoch} (seconds) forward by at least one, so {@code Last-Modified} and the
 * list call's tag always tell a device that there is something new, even for two changes within
 * one second.
 */
class PassStore {

    record Pass(
            String serialNumber,
            String walletCardId,
            String authTokenHash,
            long contentVersion,
            boolean voided,
            @Nullable String messageHeader,
            @Nullable String messageBody,
            long modifiedEpoch) {}

    record Registration(String deviceLibraryId, String serialNumber, String pushToken) {}

    /** Content for a pass: its version and what it shows, as JSON ({@link IssuedContent}). */
    record Issued(long version, String content) {}

    private static final String BUMP = "modified_epoch = GREATEST(:now, modified_epoch + 1)";

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;

    PassStore(NamedParameterJdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    long now() {
        return clock.instant().getEpochSecond();
    }

    /** Creates the passes that do not exist yet; existing ones keep their token and state. */
    void ensure(Collection<Pass> passes) {
        ensure(passes, Map.of());
    }

    /** Creates the passes that do not exist yet, with the content they are issued with when known. */
    void ensure(Collection<Pass> passes, Map<String, String> issuedContent) {
        if (passes.isEmpty()) {
            return;
        }
        var createdAt = Instant.ofEpochSecond(now()).atOffset(ZoneOffset.UTC);
        jdbc.batchUpdate(
                """
                INSERT INTO apple_passes (serial_number, wallet_card_id, auth_token_hash, content_version, voided,
                  modified_epoch, created_at, issued_content)
                VALUES (:serial, :card, :hash, :version, FALSE, :now, :createdAt, :content)
                ON CONFLICT DO NOTHING""",
                passes.stream()
                        .map(p -> new MapSqlParameterSource(Map.of(
                                        "serial", p.serialNumber(),
                                        "card", p.walletCardId(),
                                        "hash", p.authTokenHash(),
                                        "version", p.contentVersion(),
                                        "now", now(),
                                        "createdAt", createdAt))
                                .addValue("content", issuedContent.get(p.serialNumber()), Types.VARCHAR))
                        .toArray(SqlParameterSource[]::new));
    }

    Optional<Pass> find(String serialNumber) {
        return jdbc
                .query(
                        """
                        SELECT serial_number, wallet_card_id, auth_token_hash, content_version, voided,
                          message_header, message_body, modified_epoch FROM apple_passes WHERE serial_number = :serial""",
                        Map.of("serial", serialNumber),
                        (rs, i) -> new Pass(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getLong(4),
                                rs.getBoolean(5),
                                rs.getString(6),
                                rs.getString(7),
                                rs.getLong(8)))
                .stream()
                .findFirst();
    }

    /**
     * Records newer content; returns the serials whose pass changed (a late, older update changes
     * nothing and pushes nothing).
     */
    List<String> contentChanged(Map<String, Issued> issuedBySerial) {
        List<Map.Entry<String, Issued>> entries = List.copyOf(issuedBySerial.entrySet());
        int[] counts = jdbc.batchUpdate(
                "UPDATE apple_passes SET content_version = :version, issued_content = :content, " + BUMP
                        + " WHERE serial_number = :serial AND content_version < :version",
                entries.stream()
                        .map(e -> new MapSqlParameterSource(Map.of(
                                        "serial",
                                        e.getKey(),
                                        "version",
                                        e.getValue().version(),
                                        "now",
                                        now()))
                                .addValue("content", e.getValue().content(), Types.VARCHAR))
                        .toArray(SqlParameterSource[]::new));
        return changed(entries.stream().map(Map.Entry::getKey).toList(), counts);
    }

    /** The content the pass last carried ({@link IssuedContent} JSON); empty when none was kept. */
    Optional<String> issuedContent(String serialNumber) {
        return jdbc
                .query(
                        "SELECT issued_content FROM apple_passes WHERE serial_number = :serial",
                        Map.of("serial", serialNumber),
                        (rs, i) -> Optional.ofNullable(rs.getString(1)))
                .stream()
                .findFirst()
                .flatMap(o -> o);
    }

    /** Marks passes void; returns those that were not yet. */
    List<String> voided(List<String> serials) {
        int[] counts = jdbc.batchUpdate(
                "UPDATE apple_passes SET voided = TRUE, " + BUMP + " WHERE serial_number = :serial AND voided = FALSE",
                serials.stream()
                        .map(s -> new MapSqlParameterSource(Map.of("serial", s, "now", now())))
                        .toArray(SqlParameterSource[]::new));
        return changed(serials, counts);
    }

    /** Sets the latest message; a repeated delivery of the same notification changes nothing. */
    List<String> message(List<String> serials, String notificationId, String header, String body) {
        int[] counts = jdbc.batchUpdate(
                """
                UPDATE apple_passes SET message_id = :id, message_header = :header, message_body = :body, %s
                WHERE serial_number = :serial AND (message_id IS NULL OR message_id <> :id)""".formatted(BUMP),
                serials.stream()
                        .map(s -> new MapSqlParameterSource(Map.of(
                                "serial", s, "id", notificationId, "header", header, "body", body, "now", now())))
                        .toArray(SqlParameterSource[]::new));
        return changed(serials, counts);
    }

    private static List<String> changed(List<String> serials, int[] counts) {
        List<String> changed = new ArrayList<>();
        for (int i = 0; i < serials.size(); i++) {
            // JDBC drivers may answer SUCCESS_NO_INFO (-2) for a batched row count.
            if (counts[i] != 0) {
                changed.add(serials.get(i));
            }
        }
        return changed;
    }

    // --- registrations -------------------------------------------------------------------------

    /** True when the device registered the pass now, false when it already was. */
    boolean register(String deviceLibraryId, String serialNumber, String pushToken) {
        int updated = jdbc.update("""
                UPDATE apple_registrations SET push_token = :token
                WHERE device_library_id = :device AND serial_number = :serial""", Map.of("device", deviceLibraryId, "serial", serialNumber, "token", pushToken));
        if (updated > 0) {
            return false;
        }
        int inserted = jdbc.update(
                """
                INSERT INTO apple_registrations (device_library_id, serial_number, push_token, created_at)
                VALUES (:device, :serial, :token, :now) ON CONFLICT DO NOTHING""",
                Map.of(
                        "device", deviceLibraryId,
                        "serial", serialNumber,
                        "token", pushToken,
                        "now", clock.instant().atOffset(ZoneOffset.UTC)));
        return inserted > 0;
    }

    boolean unregister(String deviceLibraryId, String serialNumber) {
        return jdbc.update(
                        "DELETE FROM apple_registrations WHERE device_library_id = :device AND serial_number = :serial",
                        Map.of("device", deviceLibraryId, "serial", serialNumber))
                > 0;
    }

    int registrationCount(String serialNumber) {
        Integer count = jdbc.queryForObject(
                "SELECT COUNT(*) FROM apple_registrations WHERE serial_number = :serial",
                Map.of("serial", serialNumber),
                Integer.class);
        return count == null ? 0 : count;
    }

    int registrationCountOfDevice(String deviceLibraryId) {
        Integer count = jdbc.queryForObject(
                "SELECT COUNT(*) FROM apple_registrations WHERE device_library_id = :device",
                Map.of("device", deviceLibraryId),
                Integer.class);
        return count == null ? 0 : count;
    }

    /** The device's passes changed after {@code since} (all of them without a tag), with their tags. */
    List<Map.Entry<String, Long>> updatedSince(String deviceLibraryId, @Nullable Long since) {
        return jdbc.query(
                """
                SELECT p.serial_number, p.modified_epoch FROM apple_registrations r
                JOIN apple_passes p ON p.serial_number = r.serial_number
                WHERE r.device_library_id = :device AND p.modified_epoch > :since ORDER BY p.serial_number""",
                Map.of("device", deviceLibraryId, "since", since == null ? -1L : since),
                (rs, i) -> Map.entry(rs.getString(1), rs.getLong(2)));
    }

    List<Registration> registrations(Collection<String> serials) {
        if (serials.isEmpty()) {
            return List.of();
        }
        return jdbc.query(
                """
                SELECT device_library_id, serial_number, push_token FROM apple_registrations
                WHERE serial_number IN (:serials) ORDER BY serial_number, device_library_id""",
                Map.of("serials", serials),
                (rs, i) -> new Registration(rs.getString(1), rs.getString(2), rs.getString(3)));
    }

    /** APNs said the token is gone: the device no longer has the pass there. */
    int forgetToken(String pushToken) {
        return jdbc.update("DELETE FROM apple_registrations WHERE push_token = :token", Map.of("token", pushToken));
    }
}
