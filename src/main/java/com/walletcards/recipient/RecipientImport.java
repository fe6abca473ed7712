package com.walletcards.recipient;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A CSV import and its progress; {@code errors} are the first problems found, by line. */
public record RecipientImport(
        String id,
        OrganizationId organizationId,
        String campaignId,
        ImportStatus status,
        boolean upsert,
        boolean sendEmail,
        long rowsTotal,
        long rowsDone,
        long created,
        long updated,
        long failed,
        @Nullable String failure,
        Instant createdAt,
        Instant updatedAt,
        @Nullable Instant completedAt,
        List<RowError> errors) {

    /** The first {@value} problems of an import are kept. */
    public static final int MAX_ERRORS = 1000;

    public record RowError(long line, @Nullable String field, String code, String message) {}

    /** A batch of rows was added. */
    RecipientImport progressed(int rows, int addedRows, int updatedRows, int failedRows, Instant now) {
        return new RecipientImport(
                id,
                organizationId,
                campaignId,
                ImportStatus.running,
                upsert,
                sendEmail,
                rowsTotal,
                rowsDone + rows,
                created + addedRows,
                updated + updatedRows,
                failed + failedRows,
                null,
                createdAt,
                now,
                null,
                errors);
    }

    /** The upload ended: the job takes over. */
    RecipientImport queued(Instant now) {
        if (status != ImportStatus.receiving) {
            throw new IllegalStateException("import " + id + " is " + status + ", not receiving");
        }
        return new RecipientImport(
                id,
                organizationId,
                campaignId,
                ImportStatus.queued,
                upsert,
                sendEmail,
                rowsTotal,
                rowsDone,
                created,
                updated,
                failed,
                null,
                createdAt,
                now,
                null,
                errors);
    }

    /** Completed or failed; {@code reason} says why an import failed as a whole. */
    RecipientImport ended(ImportStatus end, @Nullable String reason, Instant now) {
        return new RecipientImport(
                id,
                organizationId,
                campaignId,
                end,
                upsert,
                sendEmail,
                rowsTotal,
                rowsDone,
                created,
                updated,
                failed,
                reason,
                createdAt,
                now,
                now,
                errors);
    }

    RecipientImport withErrors(List<RowError> found) {
        return new RecipientImport(
                id,
                organizationId,
                campaignId,
                status,
                upsert,
                sendEmail,
                rowsTotal,
                rowsDone,
                created,
                updated,
                failed,
                failure,
                createdAt,
                updatedAt,
                completedAt,
                found);
    }
}
