package com.walletcards.journey;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** One event of a card's journey: its type, the provider it concerns (or null), when, and a few facts. */
@Schema(name = "JourneyEvent")
public record JourneyEvent(
        JourneyEventType type,
        @Nullable String provider,
        Instant at,

        @Schema(description = "A device class (ios, android, other), a count; never an address or a User-Agent")
        Map<String, Object> detail) {}
