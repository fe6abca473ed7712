package com.walletcards.console;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.ValidationFailed;
import jakarta.servlet.http.HttpServletRequest;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Copies the file field of a {@code multipart/form-data} upload to a file as it arrives: an import
 * file may be as large as the API's import limit, so unlike {@link Uploads} it is never held in
 * memory. The part boundary is found with a streaming (Knuth-Morris-Pratt) match.
 */
final class CsvUploads {

    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?");
    private static final int MAX_HEADER_LINE = 8 * 1024;
    private static final int MAX_PARTS = 20;

    private CsvUploads() {}

    /** Writes the field's content to {@code target}; answers the bytes written. */
    static long copy(HttpServletRequest request, String field, Path target, long maxBytes) throws IOException {
        String type = request.getContentType();
        Matcher m = type == null ? null : BOUNDARY.matcher(type);
        if (type == null || !type.toLowerCase().startsWith("multipart/form-data") || !m.find()) {
            throw ValidationFailed.of(field, "must be sent as a file of a form");
        }
        byte[] delimiter = ("\r\n--" + m.group(1)).getBytes(StandardCharsets.ISO_8859_1);
        try (InputStream in = new BufferedInputStream(request.getInputStream(), 64 * 1024)) {
            String first = line(in);
            if (!first.equals("--" + m.group(1))) {
                throw ValidationFailed.of(field, "must be sent as a file of a form");
            }
            for (int part = 0; part < MAX_PARTS; part++) {
                boolean wanted = false;
                for (String header = line(in); !header.isEmpty(); header = line(in)) {
                    if (header.toLowerCase().startsWith("content-disposition")
                            && header.contains("name=\"" + field + "\"")) {
                        wanted = true;
                    }
                }
                long written;
                if (wanted) {
                    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target), 64 * 1024)) {
                        written = until(in, delimiter, out, maxBytes);
                    }
                } else {
                    until(in, delimiter, OutputStream.nullOutputStream(), MAX_HEADER_LINE);
                    written = -1;
                }
                String after = line(in);
                if (wanted) {
                    if (written == 0) {
                        throw ValidationFailed.of(field, "choose a CSV file first");
                    }
                    return written;
                }
                if (after.startsWith("--")) {
                    break;
                }
            }
        }
        throw ValidationFailed.of(field, "choose a CSV file first");
    }

    /** Copies bytes up to the delimiter (consumed, not copied); refuses more than {@code max} bytes. */
    private static long until(InputStream in, byte[] delimiter, OutputStream out, long max) throws IOException {
        int[] fail = failures(delimiter);
        int matched = 0;
        long written = 0;
        int b;
        while ((b = in.read()) >= 0) {
            int next = matched;
            while (next > 0 && delimiter[next] != (byte) b) {
                next = fail[next - 1];
            }
            if (delimiter[next] == (byte) b) {
                next++;
            }
            // The bytes that can no longer start the delimiter are content.
            int released = matched + 1 - next;
            for (int i = 0; i < released; i++) {
                out.write(i < matched ? delimiter[i] : b);
            }
            written += released;
            if (written > max) {
                throw tooLarge(max);
            }
            matched = next;
            if (matched == delimiter.length) {
                return written;
            }
        }
        throw ValidationFailed.of("file", "the upload ended before the file did; send it again");
    }

    private static int[] failures(byte[] pattern) {
        int[] fail = new int[pattern.length];
        for (int i = 1, k = 0; i < pattern.length; i++) {
            while (k > 0 && pattern[i] != pattern[k]) {
                k = fail[k - 1];
            }
            if (pattern[i] == pattern[k]) {
                k++;
            }
            fail[i] = k;
        }
        return fail;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (line.size() >= MAX_HEADER_LINE) {
                throw ValidationFailed.of("file", "must be sent as a file of a form");
            }
            line.write(b);
        }
        String text = line.toString(StandardCharsets.UTF_8);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }

    static ApiException tooLarge(long max) {
        return new ApiException(
                ErrorCode.PAYLOAD_TOO_LARGE, "An import file may be at most " + (max / (1024 * 1024)) + " MB");
    }
}
