package com.walletcards.recipient.web;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The documented shape of {@code recipientData}, checked as {@link RecipientInput#checkData} checks it. */
@Schema(
        name = "RecipientData",
        description = "The recipient's own data shown on the card (seat, tier, ...): any keys, at most 16 KB of"
                + " JSON. On PATCH keys are merged; null removes a key.",
        additionalProperties = Schema.AdditionalPropertiesValue.TRUE)
record RecipientDataDocument(
        @Schema(
                description =
                        "The card's barcode value; required when the campaign's barcodeValueStrategy" + " is custom",
                maxLength = 256,
                example = "TICKET-000123")
        @Nullable
        String barcodeValue) {}
