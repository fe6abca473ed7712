package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** Status lists: their places reserved for credentials, their revoked indices and their signed form. */
final class StatusListQueries {

    private final NamedParameterJdbcTemplate jdbc;

    StatusListQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A credential's entry: its list and its index there. */
    record Entry(int listId, int idx) {}

    /**
     * Places reserved in one list of {@code listSize} entries: its places {@code first} to
     * {@code first + count - 1}, which no other reservation holds.
     */
    record Reservation(int listId, int listSize, int first, int count) {}

    /**
     * Reserves up to {@code wanted} places in the first list from {@code fromList} on that has
     * room ({@code issued < list_size}), opening the next list when one is full. {@code issued}
     * counts the list's places handed out; the UPDATE moves it on only from the value read, so
     * two instances never get the same places (one of them reads again). Places of a process that
     * dies before using them stay unused: indices are never handed out twice.
     */
    Reservation reserveEntries(int fromList, int newListSize, int wanted) {
        for (int listId = fromList; ; ) {
            int[] list = jdbc
                    .query(
                            "SELECT list_size, issued FROM openid4vci_status_lists WHERE list_id = :list",
                            new MapSqlParameterSource("list", listId),
                            (rs, i) -> new int[] {rs.getInt(1), rs.getInt(2)})
                    .stream()
                    .findFirst()
                    .orElse(null);
            if (list != null && list[1] < list[0]) {
                int size = list[0];
                int first = list[1];
                int count = Math.min(wanted, size - first);
                int reserved = jdbc.update(
                        """
                        UPDATE openid4vci_status_lists SET issued = :next WHERE list_id = :list
                        AND issued = :first AND list_size = :size""",
                        new MapSqlParameterSource("list", listId)
                                .addValue("next", first + count)
                                .addValue("first", first)
                                .addValue("size", size));
                if (reserved == 1) {
                    return new Reservation(listId, size, first, count);
                }
                continue; // another instance reserved places meanwhile: look again
            }
            if (list != null) {
                listId++; // full: the next list, opened below unless another instance did
            }
            try {
                jdbc.update(
                        "INSERT INTO openid4vci_status_lists (list_id, list_size) VALUES (:list, :size)",
                        new MapSqlParameterSource("list", listId).addValue("size", newListSize));
            } catch (DuplicateKeyException e) {
                // Another instance opened it first: use theirs.
            }
        }
    }

    /** The newest list. */
    int newestList() {
        Integer newest = jdbc.queryForObject(
                "SELECT MAX(list_id) FROM openid4vci_status_lists", new MapSqlParameterSource(), Integer.class);
        return newest == null ? 1 : newest;
    }

    /** Gives a list without entries the configured size (lists that hold entries keep theirs). */
    void resizeEmptyList(int listId, int size) {
        jdbc.update("""
                UPDATE openid4vci_status_lists SET list_size = :size, version = version + 1
                WHERE list_id = :list AND issued = 0 AND list_size <> :size""", new MapSqlParameterSource("list", listId).addValue("size", size));
    }

    /** The size of a list, or empty when there is no such list. */
    Optional<Integer> listSize(int listId) {
        return jdbc
                .queryForList(
                        "SELECT list_size FROM openid4vci_status_lists WHERE list_id = :list",
                        new MapSqlParameterSource("list", listId),
                        Integer.class)
                .stream()
                .findFirst();
    }

    /** The revoked indices of a list. */
    List<Integer> revokedIndices(int listId) {
        return jdbc.queryForList(
                "SELECT status_idx FROM openid4vci_credentials WHERE list_id = :list AND revoked = TRUE",
                new MapSqlParameterSource("list", listId),
                Integer.class);
    }

    record SignedList(
            int size,
            long version,
            long signedVersion,
            @Nullable String token,
            @Nullable OffsetDateTime signedAt) {}

    Optional<SignedList> statusList(int listId) {
        return jdbc
                .query(
                        """
                        SELECT list_size, version, signed_version, token, signed_at FROM openid4vci_status_lists
                        WHERE list_id = :list""",
                        new MapSqlParameterSource("list", listId),
                        (rs, i) -> new SignedList(
                                rs.getInt(1),
                                rs.getLong(2),
                                rs.getLong(3),
                                rs.getString(4),
                                rs.getObject(5, OffsetDateTime.class)))
                .stream()
                .findFirst();
    }

    /** Stores a newly signed list unless a newer signature was stored meanwhile. */
    void saveStatusList(int listId, long version, String token, Instant now) {
        jdbc.update(
                """
                UPDATE openid4vci_status_lists SET signed_version = :version, token = :token, signed_at = :now
                WHERE list_id = :list AND signed_version <= :version""",
                new MapSqlParameterSource("list", listId)
                        .addValue("version", version)
                        .addValue("token", token)
                        .addValue("now", Times.db(now)));
    }
}
