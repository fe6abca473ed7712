package com.walletcards.recipient.web;

import com.walletcards.recipient.imports.RecipientImport;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** An import as the API shows it: progress, counts and the first row errors by line. */
record ImportView(
        String id,
        String campaignId,
        String status,
        @Nullable String upsert,
        boolean sendEmail,
        long rowsTotal,
        long rowsDone,
        long created,
        long updated,
        long failed,
        @Nullable String failure,
        List<RowError> errors,
        Instant createdAt,
        Instant updatedAt,
        @Nullable Instant completedAt) {

    record RowError(long line, @Nullable String field, String code, String message) {}

    static ImportView of(RecipientImport i) {
        return new ImportView(
                i.id(),
                i.campaignId(),
                i.status().name(),
                i.upsert() ? RecipientImportController.UPSERT_BY_EXTERNAL_ID : null,
                i.sendEmail(),
                i.counts().rowsTotal(),
                i.counts().rowsDone(),
                i.counts().created(),
                i.counts().updated(),
                i.counts().failed(),
                i.failure(),
                i.errors().stream()
                        .map(e -> new RowError(e.line(), e.field(), e.code(), e.message()))
                        .toList(),
                i.createdAt(),
                i.updatedAt(),
                i.completedAt());
    }
}
