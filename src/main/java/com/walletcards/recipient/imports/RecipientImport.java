package com.walletcards.recipient.imports;

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
        Counts counts,
        @Nullable String failure,
        Instant createdAt,
        Instant updatedAt,
        @Nullable Instant completedAt,
        List<RowError> errors) {

    /** The first {@value} problems of an import are kept. */
    static final int MAX_ERRORS = 1000;

    /** Rows received, rows handled, and what came of them. */
    public record Counts(long rowsTotal, long rowsDone, long created, long updated, long failed) {
        static final Counts NONE = new Counts(0, 0, 0, 0, 0);

        Counts plus(int rows, int addedRows, int updatedRows, int failedRows) {
            return new Counts(
                    rowsTotal, rowsDone + rows, created + addedRows, updated + updatedRows, failed + failedRows);
        }
    }

    public record RowError(long line, @Nullable String field, String code, String message) {}

    static RecipientImport receiving(
            String id, OrganizationId org, String campaignId, boolean upsert, boolean sendEmail, Instant now) {
        return new RecipientImport(
                id,
                org,
                campaignId,
                ImportStatus.receiving,
                upsert,
                sendEmail,
                Counts.NONE,
                null,
                now,
                now,
                null,
                List.of());
    }

    /** The upload ended: the job takes over. */
    RecipientImport queued(Instant now) {
        if (status != ImportStatus.receiving) {
            throw new IllegalStateException("import " + id + " is " + status + ", not receiving");
        }
        return next(ImportStatus.queued, counts, null, now, null, errors);
    }

    /** A batch of rows was added. */
    RecipientImport progressed(int rows, int addedRows, int updatedRows, int failedRows, Instant now) {
        return next(
                ImportStatus.running, counts.plus(rows, addedRows, updatedRows, failedRows), null, now, null, errors);
    }

    /** Completed or failed; {@code reason} says why an import failed as a whole. */
    RecipientImport ended(ImportStatus end, @Nullable String reason, Instant now) {
        return next(end, counts, reason, now, now, errors);
    }

    RecipientImport withErrors(List<RowError> found) {
        return next(status, counts, failure, updatedAt, completedAt, found);
    }

    private RecipientImport next(
            ImportStatus to,
            Counts newCounts,
            @Nullable String reason,
            Instant now,
            @Nullable Instant completed,
            List<RowError> foundErrors) {
        return new RecipientImport(
                id,
                organizationId,
                campaignId,
                to,
                upsert,
                sendEmail,
                newCounts,
                reason,
                createdAt,
                now,
                completed,
                foundErrors);
    }
}
