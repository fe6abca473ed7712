package com.walletcards.provider.openid4vci;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Where a list's entries go: the n-th place reserved in a status list gets index
 * {@code permutation(n)}, a keyed pseudo-random permutation of the list's indices (a four-round
 * Feistel network with HMAC-SHA256 as its round function, walking the cycle back into the
 * list's range). Places are handed out in order, so indices are never given twice and never
 * collide, however full the list; without the key, which is derived from the issuer key, an
 * index says nothing about when its credential was issued or which credentials came together.
 *
 * <p>Drawing indices at random and retrying on a collision gets slower as a list fills up: a batch
 * of ten in a list 60 % full collides almost every time.
 */
final class StatusIndices {

    /** Four rounds make a Feistel network a strong pseudo-random permutation (Luby–Rackoff). */
    private static final int ROUNDS = 4;

    /** The largest list the permutation covers: indices stay ints with room for the cycle walk. */
    static final int MAX_LIST_SIZE = 1 << 30;

    private final SecretKeySpec key;

    StatusIndices(byte[] secret) {
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    /** The indices of places {@code first} to {@code first + count - 1} of list {@code listId} of {@code size} entries. */
    List<Integer> of(int listId, int size, int first, int count) {
        if (size < 1 || size > MAX_LIST_SIZE || first < 0 || count < 0 || first > size - count) {
            throw new IllegalArgumentException(
                    "Places %d to %d do not fit a list of %d".formatted(first, first + count - 1, size));
        }
        Mac mac = mac();
        // An even number of bits, so the network's two halves are the same width.
        int bits = Math.max(2, 32 - Integer.numberOfLeadingZeros(size - 1));
        int half = (bits + 1) / 2;
        List<Integer> indices = new ArrayList<>(count);
        for (int place = first; place < first + count; place++) {
            long index = place;
            do {
                // Outside the list's range (the network covers the next power of four): encrypt
                // again until it lands inside; this keeps the mapping a permutation of the list.
                index = encrypt(mac, listId, half, index);
            } while (index >= size);
            indices.add((int) index);
        }
        return indices;
    }

    private static long encrypt(Mac mac, int listId, int half, long value) {
        long mask = (1L << half) - 1;
        long left = value >>> half;
        long right = value & mask;
        for (int round = 0; round < ROUNDS; round++) {
            long next = left ^ (roundValue(mac, listId, round, right) & mask);
            left = right;
            right = next;
        }
        return (left << half) | right;
    }

    private static long roundValue(Mac mac, int listId, int round, long right) {
        byte[] input = ByteBuffer.allocate(13)
                .putInt(listId)
                .put((byte) round)
                .putLong(right)
                .array();
        return Integer.toUnsignedLong(ByteBuffer.wrap(mac.doFinal(input)).getInt());
    }

    private Mac mac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
