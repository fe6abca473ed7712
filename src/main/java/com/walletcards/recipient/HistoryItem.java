package com.walletcards.recipient;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One step of a recipient's status history. */
public record HistoryItem(
        String status, Instant at, @Nullable String reason) {}
