package com.walletcards.recipient.imports;

import com.walletcards.recipient.NewRecipient;
import com.walletcards.recipient.imports.RecipientImport.RowError;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of imports: the import itself, its staged rows and its row errors. */
@Repository
class ImportQueries {

    private static final String COLUMNS = """
            id, organization_id, campaign_id, status, upsert, send_email, rows_total, rows_done, created, updated,
            failed, failure, created_at, updated_at, completed_at""";

    private static final String PROBLEMS = "problems";
    private final JdbcClient jdbc;
    private final JdbcTemplate batch;

    ImportQueries(JdbcClient jdbc, JdbcTemplate batch) {
        this.jdbc = jdbc;
        this.batch = batch;
    }

    void insert(RecipientImport i) {
        jdbc.sql("""
                        INSERT INTO recipient_imports (id, organization_id, campaign_id, status, upsert, send_email,
                          created_at, updated_at)
                        VALUES (:id, :org, :campaign, :status, :upsert, :sendEmail, :at, :at)""")
                .param("id", i.id())
                .param("org", i.organizationId().value())
                .param("campaign", i.campaignId())
                .param("status", i.status().name())
                .param("upsert", i.upsert())
                .param("sendEmail", i.sendEmail())
                .param("at", Times.db(i.createdAt()))
                .update();
    }

    Optional<RecipientImport> find(OrganizationId org, String campaignId, String id) {
        return jdbc.sql(
                        "SELECT " + COLUMNS
                                + " FROM recipient_imports WHERE id = :id AND campaign_id = :campaign AND organization_id = :org")
                .param("id", id)
                .param("campaign", campaignId)
                .param("org", org.value())
                .query(ImportQueries::recipientImport)
                .optional();
    }

    /** The import, locked: the job and the end of an upload never change it at the same time. */
    Optional<RecipientImport> lock(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM recipient_imports WHERE id = :id FOR UPDATE")
                .param("id", id)
                .query(ImportQueries::recipientImport)
                .optional();
    }

    /** Stages received rows in one JDBC batch and counts them, as long as the import is still receiving. */
    boolean stage(String importId, List<ImportRow> rows, Instant now) {
        int counted = jdbc.sql("""
                        UPDATE recipient_imports SET rows_total = rows_total + :n, updated_at = :at
                        WHERE id = :id AND status = 'receiving'""")
                .param("n", rows.size())
                .param("at", Times.db(now))
                .param("id", importId)
                .update();
        if (counted == 0) {
            return false;
        }
        batch.batchUpdate("""
                INSERT INTO recipient_import_rows (import_id, line_number, email, name, phone, external_id,
                  recipient_data, problems, locale) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", rows, rows.size(), (ps, row) -> {
            NewRecipient r = row.recipient();
            ps.setString(1, importId);
            ps.setLong(2, row.line());
            ps.setString(3, r == null ? null : r.email());
            ps.setString(4, r == null ? null : r.name());
            ps.setString(5, r == null ? null : r.phone());
            ps.setString(6, r == null ? null : r.externalId());
            ps.setString(7, r == null ? null : Json.write(r.recipientData()));
            ps.setString(8, r == null ? Json.write(Map.of(PROBLEMS, row.problems())) : null);
            ps.setString(9, r == null || r.locale() == null ? null : r.locale().getLanguage());
        });
        return true;
    }

    /** The next staged rows in file order. */
    List<ImportRow> nextRows(String importId, int limit) {
        return jdbc.sql("""
                        SELECT line_number, email, name, phone, external_id, recipient_data, problems, locale
                        FROM recipient_import_rows WHERE import_id = :id ORDER BY import_id, line_number LIMIT :limit""")
                .param("id", importId)
                .param("limit", limit)
                .query(ImportQueries::row)
                .list();
    }

    void deleteRows(String importId, long throughLine) {
        jdbc.sql("DELETE FROM recipient_import_rows WHERE import_id = :id AND line_number <= :line")
                .param("id", importId)
                .param("line", throughLine)
                .update();
    }

    void deleteAllRows(String importId) {
        jdbc.sql("DELETE FROM recipient_import_rows WHERE import_id = :id")
                .param("id", importId)
                .update();
    }

    /** Removes an import that was never accepted, with everything it staged. */
    void delete(String importId) {
        deleteAllRows(importId);
        jdbc.sql("DELETE FROM recipient_import_errors WHERE import_id = :id")
                .param("id", importId)
                .update();
        jdbc.sql("DELETE FROM recipient_imports WHERE id = :id")
                .param("id", importId)
                .update();
    }

    void save(RecipientImport i) {
        jdbc.sql("""
                        UPDATE recipient_imports SET status = :status, rows_total = :total, rows_done = :done,
                          created = :created, updated = :updated, failed = :failed, failure = :failure,
                          updated_at = :at, completed_at = :completedAt
                        WHERE id = :id""")
                .param("status", i.status().name())
                .param("total", i.counts().rowsTotal())
                .param("done", i.counts().rowsDone())
                .param("created", i.counts().created())
                .param("updated", i.counts().updated())
                .param("failed", i.counts().failed())
                .param("failure", i.failure())
                .param("at", Times.db(i.updatedAt()))
                .param("completedAt", i.completedAt() == null ? null : Times.db(i.completedAt()))
                .param("id", i.id())
                .update();
    }

    /** Records row errors, numbered after those already kept, up to {@link RecipientImport#MAX_ERRORS}. */
    void addErrors(String importId, long alreadyKept, List<RowError> errors) {
        int room = (int) Math.max(0, RecipientImport.MAX_ERRORS - alreadyKept);
        List<RowError> kept = errors.subList(0, Math.min(room, errors.size()));
        if (kept.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            RowError e = kept.get(i);
            rows.add(new Object[] {
                importId,
                (int) alreadyKept + i,
                e.line(),
                truncated(e.field(), 300),
                e.code(),
                truncated(e.message(), 1000)
            });
        }
        batch.batchUpdate(
                "INSERT INTO recipient_import_errors (import_id, seq, line_number, field, code, message)"
                        + " VALUES (?, ?, ?, ?, ?, ?)",
                rows);
    }

    long errorCount(String importId) {
        return jdbc.sql("SELECT COUNT(*) FROM recipient_import_errors WHERE import_id = :id")
                .param("id", importId)
                .query(Long.class)
                .single();
    }

    List<RowError> errors(String importId) {
        return jdbc.sql("""
                        SELECT line_number, field, code, message FROM recipient_import_errors
                        WHERE import_id = :id ORDER BY seq""")
                .param("id", importId)
                .query((rs, n) -> new RowError(
                        rs.getLong("line_number"),
                        rs.getString("field"),
                        rs.getString("code"),
                        rs.getString("message")))
                .list();
    }

    private static ImportRow row(ResultSet rs, int n) throws SQLException {
        long line = rs.getLong("line_number");
        String problems = rs.getString("problems");
        if (problems != null) {
            List<FieldError> found = new ArrayList<>();
            if (Json.readMap(problems).get(PROBLEMS) instanceof List<?> list) {
                for (Object item : list) {
                    if (item instanceof Map<?, ?> p) {
                        found.add(new FieldError(String.valueOf(p.get("field")), String.valueOf(p.get("message"))));
                    }
                }
            }
            return ImportRow.invalid(line, found);
        }
        Map<String, Object> data = Json.readMap(rs.getString("recipient_data"));
        String locale = rs.getString("locale");
        return ImportRow.valid(
                line,
                new NewRecipient(
                        rs.getString("email"),
                        rs.getString("name"),
                        rs.getString("phone"),
                        rs.getString("external_id"),
                        data,
                        null,
                        locale == null ? null : Locale.forLanguageTag(locale)));
    }

    private static RecipientImport recipientImport(ResultSet rs, int n) throws SQLException {
        return new RecipientImport(
                rs.getString("id"),
                new OrganizationId(rs.getString("organization_id")),
                rs.getString("campaign_id"),
                ImportStatus.valueOf(rs.getString("status")),
                rs.getBoolean("upsert"),
                rs.getBoolean("send_email"),
                new RecipientImport.Counts(
                        rs.getLong("rows_total"),
                        rs.getLong("rows_done"),
                        rs.getLong("created"),
                        rs.getLong("updated"),
                        rs.getLong("failed")),
                rs.getString("failure"),
                instant(rs, "created_at"),
                instant(rs, "updated_at"),
                rs.getObject("completed_at", OffsetDateTime.class) == null ? null : instant(rs, "completed_at"),
                List.of());
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    private static @Nullable String truncated(@Nullable String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }
}
