package com.walletcards.provider.openid4vci;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.jspecify.annotations.Nullable;

/**
 * Token Status Lists (draft-ietf-oauth-status-list): one bit per credential, 1 = revoked. The
 * signed {@code statuslist+jwt} is stored and served as is; it is signed again only when a bit
 * changed or when it is half-way to its expiry, never on every read.
 */
final class StatusLists {

    /**
     * Entries of a list by default: 16 KiB of bits, so a list reveals little about issuance
     * volume. When a list is full the next one is opened ({@code WALLET_EUDIW_STATUS_LIST_SIZE}).
     */
    static final int SIZE = 131_072;

    static final Duration VALIDITY = Duration.ofHours(24);
    static final Duration TTL = Duration.ofMinutes(5);

    private final StatusListQueries store;
    private final CredentialQueries credentials;
    private final IssuerKey key;
    private final String baseUrl;
    private final Clock clock;
    private final int newListSize;

    /**
     * Places are reserved in the database this many at a time, so that issuing a credential does
     * not update the list's row (a row every issuance on every instance would wait for) each time.
     */
    static final int RESERVATION = 32;

    private final StatusIndices indices;

    /** The list that took the last entry here; lists before it are full, so it is where to start. */
    private int current;

    /** What is left of this instance's current reservation (none before the first issuance). */
    private StatusListQueries.@Nullable Reservation reserved;

    StatusLists(
            StatusListQueries store,
            CredentialQueries credentials,
            IssuerKey key,
            String baseUrl,
            Clock clock,
            int newListSize) {
        if (newListSize < 8 || newListSize % 8 != 0 || newListSize > StatusIndices.MAX_LIST_SIZE) {
            throw new IllegalStateException(
                    "WALLET_EUDIW_STATUS_LIST_SIZE must be a multiple of 8, from 8 to " + StatusIndices.MAX_LIST_SIZE);
        }
        this.store = store;
        this.credentials = credentials;
        this.key = key;
        this.baseUrl = baseUrl;
        this.clock = clock;
        this.newListSize = newListSize;
        this.indices = new StatusIndices(key.derivedSecret("openid4vci status list index key"));
    }

    /**
     * Records the {@code count} credentials of one response at never reused indices of the newest
     * list with room, which look random ({@link StatusIndices}): one INSERT per list the places
     * come from (one, unless the reservation ran out at a list's end).
     */
    List<StatusListQueries.Entry> allocate(
            String notificationId, Holder holder, long contentVersion, Instant now, int count) {
        List<StatusListQueries.Entry> entries = new ArrayList<>();
        for (var places : reservePlaces(count)) {
            List<Integer> taken = indices.of(places.listId(), places.listSize(), places.first(), places.count());
            credentials.saveCredentials(notificationId, holder, places.listId(), taken, contentVersion, now);
            for (int idx : taken) {
                entries.add(new StatusListQueries.Entry(places.listId(), idx));
            }
        }
        return entries;
    }

    /** {@code count} places from this instance's reservations, reserving more as they are used up. */
    private synchronized List<StatusListQueries.Reservation> reservePlaces(int count) {
        List<StatusListQueries.Reservation> places = new ArrayList<>();
        for (int wanted = count; wanted > 0; ) {
            if (reserved == null || reserved.count() == 0) {
                if (current == 0) {
                    current = store.newestList();
                    store.resizeEmptyList(current, newListSize);
                }
                reserved = store.reserveEntries(current, newListSize, Math.max(RESERVATION, wanted));
                current = Math.max(current, reserved.listId());
            }
            var from = reserved;
            int taken = Math.min(wanted, from.count());
            var last = places.isEmpty() ? null : places.get(places.size() - 1);
            if (last != null && last.listId() == from.listId() && last.first() + last.count() == from.first()) {
                // The next places of the same list: still one INSERT for that list.
                places.set(
                        places.size() - 1,
                        new StatusListQueries.Reservation(
                                from.listId(), from.listSize(), last.first(), last.count() + taken));
            } else {
                places.add(new StatusListQueries.Reservation(from.listId(), from.listSize(), from.first(), taken));
            }
            reserved = new StatusListQueries.Reservation(
                    from.listId(), from.listSize(), from.first() + taken, from.count() - taken);
            wanted -= taken;
        }
        return places;
    }

    String uri(int listId) {
        return baseUrl + "/wallet/eudiw/status-lists/" + listId;
    }

    /** The signed list, or null when there is no such list. */
    @Nullable
    String token(int listId) {
        var list = store.statusList(listId).orElse(null);
        if (list == null) {
            return null;
        }
        Instant now = clock.instant();
        boolean fresh = list.token() != null
                && list.signedVersion() >= list.version()
                && list.signedAt() != null
                && list.signedAt().toInstant().plus(VALIDITY.dividedBy(2)).isAfter(now);
        if (fresh) {
            return list.token();
        }
        long version = list.version();
        String token = sign(listId, bits(listId, list.size()), now);
        store.saveStatusList(listId, version, token, now);
        return token;
    }

    private byte[] bits(int listId, int size) {
        byte[] bits = new byte[size / 8];
        for (int idx : store.revokedIndices(listId)) {
            // Bit idx is bit (idx % 8) of byte idx / 8, counted from the least significant bit.
            bits[idx / 8] |= (byte) (1 << (idx % 8));
        }
        return bits;
    }

    private String sign(int listId, byte[] bits, Instant now) {
        Map<String, Object> statusList = new LinkedHashMap<>();
        statusList.put("bits", 1);
        statusList.put("lst", Base64.getUrlEncoder().withoutPadding().encodeToString(zlib(bits)));
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", uri(listId));
        claims.put("iss", baseUrl);
        claims.put("iat", now.getEpochSecond());
        claims.put("exp", now.plus(VALIDITY).getEpochSecond());
        claims.put("ttl", TTL.toSeconds());
        claims.put("status_list", statusList);
        JWSObject jws = new JWSObject(
                key.header().type(new JOSEObjectType("statuslist+jwt")).build(), new Payload(claims));
        try {
            jws.sign(key.signer());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jws.serialize();
    }

    static byte[] zlib(byte[] bytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(bytes);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }
}
