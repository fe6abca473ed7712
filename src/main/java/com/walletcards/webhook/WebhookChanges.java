package com.walletcards.webhook;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** A validated PATCH: a null field is left alone; {@code description} may be cleared. */
public record WebhookChanges(
        @Nullable String url,
        @Nullable List<String> events,
        boolean descriptionSet,
        @Nullable String description,
        @Nullable Boolean enabled) {}
