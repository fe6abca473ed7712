package com.walletcards.recipient;

import com.walletcards.campaign.CampaignId;
import com.walletcards.recipient.imports.ImportProperties;
import com.walletcards.recipient.imports.RecipientImport;
import com.walletcards.recipient.imports.RecipientImports;
import com.walletcards.recipient.web.CsvImportRows;
import com.walletcards.shared.OrganizationId;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

/**
 * CSV imports for people (the console): a preview of a file's first rows, and the import of the
 * file with the columns mapped as a person chose. The rows are read and checked by the API's own
 * reader and staged and added by the API's import, so validation, events and counts are the API's.
 */
@Service
public class RecipientCsvImports {

    private final RecipientImports imports;
    private final ImportProperties properties;

    RecipientCsvImports(RecipientImports imports, ImportProperties properties) {
        this.imports = imports;
        this.properties = properties;
    }

    /** The largest file an import takes ({@code WALLET_IMPORT_MAX_BYTES}), the API's limit. */
    public long maxBytes() {
        return properties.maxBytes();
    }

    /** A file's column names, its first rows, and the field each column goes to unless changed. */
    public record Preview(List<String> header, List<List<String>> rows, List<String> suggested) {}

    /** A refused row: its line in the file, the field at fault (if one) and why. */
    public record Refusal(long line, @Nullable String field, String code, String message) {}

    /** Where an import stands, with the refused rows kept (the first 1,000). */
    public record Progress(
            String id,
            String status,
            long rowsTotal,
            long rowsDone,
            long created,
            long updated,
            long failed,
            @Nullable String failure,
            List<Refusal> refused,
            Instant createdAt,
            @Nullable Instant completedAt) {

        public boolean finished() {
            return status.equals("completed") || status.equals("failed");
        }
    }

    /** The header and the first rows of a CSV file; a file that is not CSV is refused (400). */
    public Preview preview(InputStream csv, int rows) {
        CsvImportRows.Preview p = CsvImportRows.preview(csv, rows);
        return new Preview(p.header(), p.rows(), p.suggested());
    }

    /**
     * Imports the file as the API's upload does, with {@code mapping} naming each column's field
     * (email, name, phone, externalId, locale, a recipientData key, or "" to leave it out).
     */
    public Progress start(
            OrganizationId org,
            CampaignId campaignId,
            boolean upsert,
            boolean sendEmail,
            InputStream csv,
            List<String> mapping) {
        try (CsvImportRows rows = CsvImportRows.open(csv, mapping)) {
            return progress(imports.receive(org, campaignId, new RecipientImports.Options(upsert, sendEmail), rows));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The import's progress; another organization's import, or another campaign's, is not found. */
    public Progress progress(OrganizationId org, CampaignId campaignId, String importId) {
        return progress(imports.get(org, campaignId, importId));
    }

    private static Progress progress(RecipientImport i) {
        return new Progress(
                i.id(),
                i.status().name(),
                i.counts().rowsTotal(),
                i.counts().rowsDone(),
                i.counts().created(),
                i.counts().updated(),
                i.counts().failed(),
                i.failure(),
                i.errors().stream()
                        .map(e -> new Refusal(e.line(), e.field(), e.code(), e.message()))
                        .toList(),
                i.createdAt(),
                i.completedAt());
    }
}
