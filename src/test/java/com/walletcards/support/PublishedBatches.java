package com.walletcards.support;

import com.walletcards.shared.ExternalEvents;
import java.util.List;
import java.util.stream.StreamSupport;
import org.springframework.modulith.test.PublishedEvents;

/** Events of one type among those the modules publish in batches ({@link ExternalEvents}). */
public final class PublishedBatches {

    private PublishedBatches() {}

    public static <T> List<T> inBatches(PublishedEvents events, Class<T> type) {
        return StreamSupport.stream(events.ofType(ExternalEvents.class).spliterator(), false)
                .flatMap(batch -> batch.events().stream())
                .filter(type::isInstance)
                .map(type::cast)
                .toList();
    }
}
