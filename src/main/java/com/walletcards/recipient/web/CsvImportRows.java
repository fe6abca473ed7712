package com.walletcards.recipient.web;

import com.walletcards.recipient.NewRecipient;
import com.walletcards.recipient.imports.ImportRow;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.Validation;
import com.walletcards.shared.ValidationFailed;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads an import file as it arrives, one record at a time (never the whole body): UTF-8 with or
 * without BOM, {@code ,} or {@code ;} as separator (whichever the header line uses more), a header
 * naming {@code email} and optionally {@code name}, {@code phone}, {@code externalId}, {@code locale} (in any
 * case); every other column goes into {@code recipientData}. Each data row comes out checked by
 * the rules of a single add, or with its problems. A file that cannot be read as CSV at all fails
 * with 400 naming the line. A mapping chosen by a person (the console's import) may replace the
 * header's names column by column; an empty name leaves the column out.
 */
public final class CsvImportRows implements Iterator<ImportRow>, Closeable {

    private static final String EMAIL = "email";
    private static final String NAME = "name";
    private static final String PHONE = "phone";
    private static final String EXTERNAL_ID = "externalId";
    private static final String LOCALE = "locale";
    private static final Set<String> STANDARD = Set.of(EMAIL, NAME, PHONE, EXTERNAL_ID, LOCALE);
    private static final int HEADER_PEEK_BYTES = 64 * 1024;

    private final CsvReader<CsvRecord> reader;
    private final Iterator<CsvRecord> records;
    /** The column names of the header: a standard field's own spelling, or the recipientData key. */
    private final List<String> columns;

    private CsvImportRows(CsvReader<CsvRecord> reader, Iterator<CsvRecord> records, List<String> columns) {
        this.reader = reader;
        this.records = records;
        this.columns = columns;
    }

    /** Reads the header; a body without one, or without an email column, is refused at once. */
    static CsvImportRows open(InputStream body) {
        return open(body, null);
    }

    /**
     * Reads the file with the header's names replaced by {@code mapping} (one entry per column: a
     * standard field, a recipientData key, or "" to leave the column out); without a mapping the
     * header's own names count.
     */
    public static CsvImportRows open(InputStream body, @Nullable List<String> mapping) {
        try {
            CsvReader<CsvRecord> reader = reader(body);
            Iterator<CsvRecord> records = reader.iterator();
            List<String> names = headerNames(records);
            return new CsvImportRows(
                    reader, records, mapping == null ? columns(names, false) : columns(mapped(names, mapping), true));
        } catch (IOException | RuntimeException e) {
            throw unreadable(e);
        }
    }

    /** The header and the first {@code rows} records as they stand in the file, for a person to map. */
    public static Preview preview(InputStream body, int rows) {
        try (CsvReader<CsvRecord> reader = reader(body)) {
            Iterator<CsvRecord> records = reader.iterator();
            List<String> names =
                    headerNames(records).stream().map(String::strip).toList();
            List<List<String>> first = new ArrayList<>();
            while (first.size() < rows && records.hasNext()) {
                first.add(List.copyOf(records.next().getFields()));
            }
            List<String> suggested =
                    names.stream().map(CsvImportRows::standardName).toList();
            return new Preview(names, first, suggested);
        } catch (IOException | RuntimeException e) {
            throw unreadable(e);
        }
    }

    /**
     * The start of a file: its column names, its first rows, and the field each column goes to
     * when nobody changes it.
     */
    public record Preview(List<String> header, List<List<String>> rows, List<String> suggested) {}

    private static CsvReader<CsvRecord> reader(InputStream body) throws IOException {
        BufferedInputStream in = new BufferedInputStream(body, HEADER_PEEK_BYTES);
        skipByteOrderMark(in);
        char separator = separatorOf(headerLine(in));
        CsvReader<CsvRecord> reader = CsvReader.builder()
                .fieldSeparator(separator)
                .allowUnclosedQuote(false)
                .skipEmptyLines(true)
                .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
                .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
                .ofCsvRecord(new InputStreamReader(
                        in,
                        StandardCharsets.UTF_8
                                .newDecoder()
                                .onMalformedInput(CodingErrorAction.REPORT)
                                .onUnmappableCharacter(CodingErrorAction.REPORT)));
        return reader;
    }

    /** The mapping must name every column of the file, no more and no less. */
    private static List<String> mapped(List<String> names, List<String> mapping) {
        if (mapping.size() != names.size()) {
            throw ValidationFailed.of("mapping", "names " + mapping.size() + " columns; the file has " + names.size());
        }
        return mapping;
    }

    @Override
    public boolean hasNext() {
        try {
            return records.hasNext();
        } catch (RuntimeException e) {
            throw unreadable(e);
        }
    }

    @Override
    public ImportRow next() {
        CsvRecord record;
        try {
            record = records.next();
        } catch (RuntimeException e) {
            throw unreadable(e);
        }
        long line = record.getStartingLineNumber();
        if (record.getFieldCount() != columns.size()) {
            return ImportRow.invalid(
                    line,
                    List.of(new FieldError(
                            "row", "has " + record.getFieldCount() + " fields; the header has " + columns.size())));
        }
        Map<String, String> standard = new LinkedHashMap<>();
        Map<String, Object> data = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            String value = record.getField(i).strip();
            if (value.isEmpty()) {
                continue;
            }
            String column = columns.get(i);
            if (column.isEmpty()) {
                continue;
            }
            if (STANDARD.contains(column)) {
                standard.put(column, value);
            } else {
                data.put(column, value);
            }
        }
        Validation v = new Validation();
        NewRecipient recipient = RecipientInput.validate(
                "",
                standard.get(EMAIL),
                standard.get(NAME),
                standard.get(PHONE),
                standard.get(EXTERNAL_ID),
                data,
                null,
                standard.get(LOCALE),
                v);
        if (recipient == null || v.hasErrors()) {
            try {
                v.throwIfInvalid();
            } catch (ValidationFailed e) {
                return ImportRow.invalid(line, e.details());
            }
        }
        return ImportRow.valid(line, recipient);
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

    private static List<String> headerNames(Iterator<CsvRecord> records) {
        if (!records.hasNext()) {
            throw ValidationFailed.of("header", "is missing: the first line must name the columns, among them email");
        }
        return records.next().getFields();
    }

    private static List<String> columns(List<String> names, boolean chosen) {
        List<String> columns = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<FieldError> problems = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).strip();
            String column = standardName(name);
            if (name.isEmpty() && chosen) {
                columns.add("");
                continue;
            } else if (name.isEmpty()) {
                problems.add(new FieldError("header[" + i + "]", "is empty: every column needs a name"));
            } else if (!seen.add(column.toLowerCase(Locale.ROOT))) {
                problems.add(new FieldError("header[" + i + "]", "names " + name + " a second time"));
            }
            columns.add(column);
        }
        if (!columns.contains(EMAIL)) {
            problems.add(new FieldError("header", "must name an email column"));
        }
        if (!problems.isEmpty()) {
            throw new ValidationFailed(problems);
        }
        return columns;
    }

    /** The standard fields are recognised in any case ({@code Email}, {@code EXTERNALID}). */
    private static String standardName(String name) {
        return STANDARD.stream()
                .filter(s -> s.equalsIgnoreCase(name))
                .findFirst()
                .orElse(name);
    }

    private static void skipByteOrderMark(BufferedInputStream in) throws IOException {
        in.mark(3);
        byte[] start = in.readNBytes(3);
        if (!(start.length == 3
                && (start[0] & 0xFF) == 0xEF
                && (start[1] & 0xFF) == 0xBB
                && (start[2] & 0xFF) == 0xBF)) {
            in.reset();
        }
    }

    /** The bytes of the first line (or its first 64 KiB), left unread in the stream. */
    private static byte[] headerLine(BufferedInputStream in) throws IOException {
        in.mark(HEADER_PEEK_BYTES);
        byte[] peek = new byte[HEADER_PEEK_BYTES];
        int length = 0;
        int b;
        while (length < peek.length && (b = in.read()) >= 0 && b != '\n') {
            peek[length++] = (byte) b;
        }
        in.reset();
        return Arrays.copyOf(peek, length);
    }

    /** {@code ;} when the header line has more semicolons than commas outside quotes, else {@code ,}. */
    private static char separatorOf(byte[] headerLine) {
        int commas = 0;
        int semicolons = 0;
        boolean quoted = false;
        for (byte b : headerLine) {
            if (b == '"') {
                quoted = !quoted;
            } else if (!quoted && b == ',') {
                commas++;
            } else if (!quoted && b == ';') {
                semicolons++;
            }
        }
        return semicolons > commas ? ';' : ',';
    }

    /** Problems of the file as a whole: 400 naming the line, or the body limit's own 413. */
    private static RuntimeException unreadable(Exception e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiException api) {
                return api;
            }
            if (cause instanceof CharacterCodingException) {
                return ValidationFailed.of("body", "must be UTF-8 text");
            }
            if (cause instanceof CsvParseException parse) {
                return ValidationFailed.of("body", "is not valid CSV: " + parse.getMessage());
            }
        }
        if (e instanceof IOException io) {
            return new UncheckedIOException(io);
        }
        return (RuntimeException) e;
    }
}
