package com.walletcards.console;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.ValidationFailed;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one file field of a {@code multipart/form-data} body, and no more than the API's image
 * limit: the console's image form is the service's only multipart body, so it has no multipart
 * resolver of its own (application.yml explains why there is none).
 */
final class Uploads {

    /** The API's limit on an image (contract §12). */
    static final int MAX_FILE = 1024 * 1024;

    /** Room for the part headers and the other fields (the CSRF token) around the file. */
    private static final int MAX_BODY = MAX_FILE + 16 * 1024;

    /** What is read and dropped of an oversized body, so the browser still gets the answer. */
    private static final long DRAIN = 16L * 1024 * 1024;

    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?");

    private Uploads() {}

    static byte[] file(HttpServletRequest request, String field) throws IOException {
        String type = request.getContentType();
        Matcher m = type == null ? null : BOUNDARY.matcher(type);
        if (type == null || !type.toLowerCase().startsWith("multipart/form-data") || !m.find()) {
            throw ValidationFailed.of(field, "must be sent as a file of a form");
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                in.skipNBytes(Math.min(DRAIN, Math.max(0, request.getContentLengthLong() - body.length)));
                throw tooLarge();
            }
        }
        byte[] delimiter = ("\r\n--" + m.group(1)).getBytes(StandardCharsets.ISO_8859_1);
        byte[] start = Arrays.copyOfRange(delimiter, 2, delimiter.length);
        int at = indexOf(body, start, 0);
        while (at >= 0) {
            int headersStart = at + start.length + 2;
            int headersEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), headersStart);
            if (headersEnd < 0) {
                break;
            }
            String headers = new String(body, headersStart, headersEnd - headersStart, StandardCharsets.UTF_8);
            int contentStart = headersEnd + 4;
            int next = indexOf(body, delimiter, contentStart);
            if (next < 0) {
                break;
            }
            if (headers.contains("name=\"" + field + "\"")) {
                if (next - contentStart > MAX_FILE) {
                    throw tooLarge();
                }
                if (next == contentStart) {
                    throw ValidationFailed.of(field, "choose a PNG file first");
                }
                return Arrays.copyOfRange(body, contentStart, next);
            }
            at = next + 2;
        }
        throw ValidationFailed.of(field, "choose a PNG file first");
    }

    private static ApiException tooLarge() {
        return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "An image may be at most 1 MB (" + MAX_FILE + " bytes)");
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = Math.max(0, from); i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
