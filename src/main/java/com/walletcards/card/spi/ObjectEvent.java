package com.walletcards.card.spi;

import com.walletcards.shared.ProviderName;
import java.time.Instant;

/**
 * A provider's report about one of its objects: the holder added it to a wallet or removed it.
 * {@code eventId} is the provider's own id of the event (a callback nonce, a registration): the
 * same id twice applies once.
 */
public record ObjectEvent(ProviderName provider, String objectRef, String eventId, Kind kind, Instant occurredAt) {

    public enum Kind {
        INSTALLED,
        REMOVED
    }
}
