package com.walletcards.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends requests byte for byte over a plain socket, so nothing between the test and the server
 * normalizes, encodes or refuses them (an HTTP client would not send {@code /a%2Fb} as is, nor a
 * broken request line or invalid UTF-8).
 */
public final class RawHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final int port;

    public RawHttp(int port) {
        this.port = port;
    }

    /** An answer; header names are lower case. */
    public record Response(int status, Map<String, String> headers, byte[] body) {
        public @Nullable String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public @Nullable JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    /** A request from its request line, header lines and body; adds Host and Connection: close. */
    public Response send(String requestLine, Map<String, String> headers, byte @Nullable [] body) {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        write(request, requestLine + "\r\n");
        write(request, "Host: 127.0.0.1:" + port + "\r\nConnection: close\r\n");
        headers.forEach((name, value) -> write(request, name + ": " + value + "\r\n"));
        if (body != null) {
            write(request, "Content-Length: " + body.length + "\r\n");
        }
        write(request, "\r\n");
        if (body != null) {
            request.writeBytes(body);
        }
        return exchange(request.toByteArray());
    }

    /** Exactly these bytes, nothing added. */
    public Response exchange(byte[] bytes) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            return parse(readAll(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException("raw request failed: " + e.getMessage(), e);
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (java.net.SocketException e) {
            // The server may reset the connection after answering a request it refused to read.
            if (out.size() == 0) {
                throw e;
            }
        }
        return out.toByteArray();
    }

    private static Response parse(byte[] raw) {
        int end = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        if (end < 0) {
            throw new IllegalStateException(
                    "no complete response head: " + new String(raw, StandardCharsets.ISO_8859_1));
        }
        String[] lines = new String(raw, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim());
        }
        byte[] body = Arrays.copyOfRange(raw, end + 4, raw.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Response(status, headers, body);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOf(Arrays.copyOfRange(chunked, at, chunked.length), new byte[] {'\r', '\n'});
            String size = new String(chunked, at, lineEnd, StandardCharsets.US_ASCII).split(";")[0].trim();
            int length = Integer.parseInt(size, 16);
            if (length == 0) {
                break;
            }
            out.write(chunked, at + lineEnd + 2, length);
            at += lineEnd + 2 + length + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
