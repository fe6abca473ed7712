package com.walletcards.provider.web;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The documented shape of a provider callback body. The body is read as raw bytes because the
 * signature covers them exactly; {@link com.walletcards.provider.ProviderCallbacks} checks these rules.
 */
@Schema(name = "ProviderEvent", description = "An install or removal reported by a wallet provider")
record ProviderEventDocument(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                maxLength = 100,
                description = "The provider's id of this event; applied once",
                example = "evt-1")
        String eventId,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                allowableValues = {"SAVE", "INSTALL", "DELETE", "UNINSTALL"},
                description = "SAVE and INSTALL make the card active; DELETE and UNINSTALL remove it",
                example = "SAVE")
        String event,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 100, example = "card_01J2Z3")
        String walletCardId,

        @Schema(
                format = "date-time",
                description = "When it happened; an event older than the last one applied is ignored."
                        + " Default: when it arrives",
                example = "2031-07-01T12:00:00Z")
        @Nullable
        String occurredAt) {}
