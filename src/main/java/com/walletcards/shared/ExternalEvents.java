package com.walletcards.shared;

import java.util.List;

/**
 * External events of one change, published together: a bulk add or a card run reports up to a
 * thousand recipients or cards, and one publication lets their listeners look up what they need
 * once and write with a few statements, instead of a thousand listener calls. Listeners treat it
 * as its events in order.
 */
public record ExternalEvents(List<ExternalEvent> events) {

    public ExternalEvents {
        events = List.copyOf(events);
    }
}
