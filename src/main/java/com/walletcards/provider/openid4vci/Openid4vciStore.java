package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** The issuer's rows: offers' codes and tokens (hashed), issued credentials, status lists. */
final class Openid4vciStore {

    static final int MAX_CODE_ATTEMPTS = 5;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final NamedParameterJdbcTemplate jdbc;

    Openid4vciStore(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A random, URL-safe secret of 256 bits. */
    static String secret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String hash(String secret) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    record Holder(String objectRef, String walletCardId) {}

    void saveOffer(String code, Holder holder, Instant now, Instant expires) {
        jdbc.update(
                """
                INSERT INTO openid4vci_offers (code_hash, object_ref, wallet_card_id, created_at, expires_at)
                VALUES (:hash, :ref, :card, :now, :expires)""",
                new MapSqlParameterSource("hash", hash(code))
                        .addValue("ref", holder.objectRef())
                        .addValue("card", holder.walletCardId())
                        .addValue("now", Times.db(now))
                        .addValue("expires", Times.db(expires)));
    }

    /** The holder of an offer that can still be redeemed (for showing the offer). */
    Optional<Holder> openOffer(String code, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id FROM openid4vci_offers WHERE code_hash = :hash
                        AND used_at IS NULL AND expires_at > :now AND failed_attempts < :max""",
                        new MapSqlParameterSource("hash", hash(code))
                                .addValue("now", Times.db(now))
                                .addValue("max", MAX_CODE_ATTEMPTS),
                        (rs, i) -> new Holder(rs.getString(1), rs.getString(2)))
                .stream()
                .findFirst();
    }

    /**
     * Redeems a code once: of concurrent token requests with the same code exactly one gets the
     * holder. A wrong, expired, used or exhausted code gives empty.
     */
    Optional<Holder> redeem(String code, Instant now) {
        Optional<Holder> holder = openOffer(code, now);
        if (holder.isEmpty()) {
            return Optional.empty();
        }
        int won = jdbc.update(
                """
                UPDATE openid4vci_offers SET used_at = :now WHERE code_hash = :hash AND used_at IS NULL
                AND expires_at > :now AND failed_attempts < :max""",
                new MapSqlParameterSource("hash", hash(code))
                        .addValue("now", Times.db(now))
                        .addValue("max", MAX_CODE_ATTEMPTS));
        return won == 1 ? holder : Optional.empty();
    }

    void saveToken(String token, String kind, Holder holder, Instant now, @Nullable Instant expires) {
        jdbc.update(
                """
                INSERT INTO openid4vci_tokens (token_hash, kind, object_ref, wallet_card_id, created_at, expires_at)
                VALUES (:hash, :kind, :ref, :card, :now, :expires)""",
                new MapSqlParameterSource("hash", hash(token))
                        .addValue("kind", kind)
                        .addValue("ref", holder.objectRef())
                        .addValue("card", holder.walletCardId())
                        .addValue("now", Times.db(now))
                        .addValue("expires", Times.db(expires), java.sql.Types.TIMESTAMP_WITH_TIMEZONE));
    }

    Optional<Holder> token(String token, String kind, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id FROM openid4vci_tokens WHERE token_hash = :hash
                        AND kind = :kind AND (expires_at IS NULL OR expires_at > :now)""",
                        new MapSqlParameterSource("hash", hash(token))
                                .addValue("kind", kind)
                                .addValue("now", Times.db(now)),
                        (rs, i) -> new Holder(rs.getString(1), rs.getString(2)))
                .stream()
                .findFirst();
    }

    /** A valid access token's holder and the end of its validity. */
    record AccessToken(Holder holder, Instant expiresAt) {}

    /** The access token stored under {@code hash}, while it is valid. */
    Optional<AccessToken> accessToken(String hash, Instant now) {
        return jdbc
                .query(
                        """
                        SELECT object_ref, wallet_card_id, expires_at FROM openid4vci_tokens WHERE token_hash = :hash
                        AND kind = 'access' AND expires_at > :now""",
                        new MapSqlParameterSource("hash", hash).addValue("now", Times.db(now)),
                        (rs, i) -> new AccessToken(
                                new Holder(rs.getString(1), rs.getString(2)),
                                rs.getObject(3, OffsetDateTime.class).toInstant()))
                .stream()
                .findFirst();
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

    // ---- campaign types ----

    void saveCampaignType(String typeKey, CampaignTypes.Display d, Instant now) {
        var params = new MapSqlParameterSource("key", typeKey)
                .addValue("config", d.configurationId())
                .addValue("name", d.name().length() > 500 ? d.name().substring(0, 500) : d.name())
                .addValue("description", d.description())
                .addValue("background", d.backgroundColor())
                .addValue("text", d.textColor())
                .addValue("logo", d.logoUri() != null && d.logoUri().length() <= 2000 ? d.logoUri() : null)
                .addValue("alt", d.logoAltText() != null && d.logoAltText().length() <= 100 ? d.logoAltText() : null)
                .addValue("now", Times.db(now));
        String update = """
                UPDATE openid4vci_campaign_types SET configuration_id = :config, name = :name,
                  description = :description, background_color = :background, text_color = :text,
                  logo_uri = :logo, logo_alt_text = :alt, updated_at = :now WHERE type_key = :key""";
        if (jdbc.update(update, params) == 1) {
            return;
        }
        try {
            jdbc.update("""
                    INSERT INTO openid4vci_campaign_types (type_key, configuration_id, name, description,
                      background_color, text_color, logo_uri, logo_alt_text, updated_at)
                    VALUES (:key, :config, :name, :description, :background, :text, :logo, :alt, :now)""", params);
        } catch (DuplicateKeyException e) {
            jdbc.update(update, params);
        }
    }

    Optional<CampaignTypes.Display> campaignType(String typeKey) {
        return jdbc
                .query(
                        """
                        SELECT configuration_id, name, description, background_color, text_color, logo_uri,
                          logo_alt_text FROM openid4vci_campaign_types WHERE type_key = :key""",
                        new MapSqlParameterSource("key", typeKey),
                        (rs, i) -> new CampaignTypes.Display(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                rs.getString(7)))
                .stream()
                .findFirst();
    }

    // ---- transaction codes ----

    /** Replaces the object's transaction code (a new invitation email makes the previous one void). */
    void saveTxCode(String objectRef, String codeHash, Instant now) {
        var params = new MapSqlParameterSource("ref", objectRef)
                .addValue("hash", codeHash)
                .addValue("now", Times.db(now));
        for (int attempt = 0; attempt < 3; attempt++) {
            if (jdbc.update("""
                            UPDATE openid4vci_tx_codes SET code_hash = :hash, created_at = :now, failed_attempts = 0
                            WHERE object_ref = :ref""", params) == 1) {
                return;
            }
            try {
                jdbc.update("""
                        INSERT INTO openid4vci_tx_codes (object_ref, code_hash, created_at)
                        VALUES (:ref, :hash, :now)""", params);
                return;
            } catch (DuplicateKeyException e) {
                // A concurrent invitation inserted first; update over it.
            }
        }
    }

    record TxCode(String codeHash, int failedAttempts) {}

    Optional<TxCode> txCode(String objectRef) {
        return jdbc
                .query(
                        "SELECT code_hash, failed_attempts FROM openid4vci_tx_codes WHERE object_ref = :ref",
                        new MapSqlParameterSource("ref", objectRef),
                        (rs, i) -> new TxCode(rs.getString(1), rs.getInt(2)))
                .stream()
                .findFirst();
    }

    /** Counts a wrong transaction code against the object's code and against the offer. */
    void txCodeFailed(String objectRef, String code) {
        jdbc.update(
                "UPDATE openid4vci_tx_codes SET failed_attempts = failed_attempts + 1 WHERE object_ref = :ref",
                new MapSqlParameterSource("ref", objectRef));
        jdbc.update(
                "UPDATE openid4vci_offers SET failed_attempts = failed_attempts + 1 WHERE code_hash = :hash",
                new MapSqlParameterSource("hash", hash(code)));
    }

    // ---- retention ----

    /**
     * Deletes up to {@code limit} rows that can no longer serve: offers and access tokens expired
     * before the cutoff, and refresh tokens of objects whose credentials were revoked (refused
     * anyway) and created before it. Answers how many went.
     */
    int deleteExpired(OffsetDateTime cutoff, int limit) {
        var params = new MapSqlParameterSource("cutoff", cutoff).addValue("limit", limit);
        int deleted = jdbc.update("""
                DELETE FROM openid4vci_offers WHERE code_hash IN (SELECT code_hash FROM openid4vci_offers
                WHERE expires_at < :cutoff ORDER BY expires_at LIMIT :limit)""", params);
        if (deleted < limit) {
            deleted += jdbc.update("""
                    DELETE FROM openid4vci_tokens WHERE token_hash IN (SELECT token_hash FROM openid4vci_tokens
                    WHERE kind = 'access' AND expires_at < :cutoff ORDER BY expires_at LIMIT :limit)""", params.addValue("limit", limit - deleted));
        }
        if (deleted < limit) {
            deleted += jdbc.update("""
                    DELETE FROM openid4vci_tokens WHERE token_hash IN (SELECT t.token_hash FROM openid4vci_tokens t
                    WHERE t.kind = 'refresh' AND t.created_at < :cutoff AND EXISTS (SELECT 1 FROM
                    openid4vci_credentials c WHERE c.object_ref = t.object_ref AND c.revoked = TRUE)
                    ORDER BY t.created_at LIMIT :limit)""", params.addValue("limit", limit - deleted));
        }
        return deleted;
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

    /** Whether another credential of the object may still be in a wallet (no failure or deletion reported). */
    boolean otherCredentialsHeld(String objectRef, String notificationId) {
        // EXISTS, not COUNT: a wallet that re-fetches often holds many credentials of one object.
        Boolean held = jdbc.queryForObject(
                """
                SELECT EXISTS (SELECT 1 FROM openid4vci_credentials WHERE object_ref = :ref AND notification_id <> :id
                AND revoked = FALSE AND (last_event IS NULL OR last_event = 'credential_accepted'))""", new MapSqlParameterSource("ref", objectRef).addValue("id", notificationId), Boolean.class);
        return Boolean.TRUE.equals(held);
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
