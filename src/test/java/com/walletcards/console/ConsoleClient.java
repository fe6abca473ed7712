package com.walletcards.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A browser as far as the console's HTTP is concerned: keeps the cookies it is given, follows no
 * redirect by itself, and reads the CSRF token a page's form carries.
 */
final class ConsoleClient {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final HttpClient http =
            HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final String base;
    final Map<String, String> cookies = new LinkedHashMap<>();
    final Map<String, String> setCookieLines = new LinkedHashMap<>();

    ConsoleClient(int port) {
        this("127.0.0.1", port);
    }

    /** At a host name of its own, e.g. the public origin's, which single sign-on's return must match. */
    ConsoleClient(String host, int port) {
        this.base = "http://" + host + ":" + port;
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    HttpResponse<String> post(String path, Map<String, String> form) {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Sends one file as a browser's file form does ({@code multipart/form-data}). */
    HttpResponse<String> postFile(String path, String field, String filename, byte[] content) {
        String boundary = "----console-test-" + System.nanoTime();
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field + "\"; filename=\""
                        + filename + "\"\r\nContent-Type: text/csv\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + content.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(content, 0, body, head.length, content.length);
        System.arraycopy(tail, 0, body, head.length + content.length, tail.length);
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /** The CSRF token of the form on the page at {@code path}. */
    String csrf(String path) {
        Matcher m = CSRF.matcher(get(path).body());
        if (!m.find()) {
            throw new AssertionError("no CSRF token on " + path);
        }
        return m.group(1);
    }

    /** Signs in as a person would: the page first (its token), then the form. */
    HttpResponse<String> signIn(String email, String password) {
        String token = csrf("/console/sign-in");
        return post("/console/sign-in", Map.of("email", email, "password", password, "_csrf", token));
    }

    @Nullable
    String session() {
        return cookies.get(ConsoleSecurity.COOKIE);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        if (!cookies.isEmpty()) {
            request.header(
                    "Cookie",
                    cookies.entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining("; ")));
        }
        request.header("Accept-Language", "en");
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            for (String line : response.headers().allValues("Set-Cookie")) {
                String pair = line.split(";", 2)[0];
                String name = pair.substring(0, pair.indexOf('='));
                String value = pair.substring(pair.indexOf('=') + 1);
                setCookieLines.put(name, line);
                if (value.isEmpty() || line.contains("Max-Age=0")) {
                    cookies.remove(name);
                } else {
                    cookies.put(name, value);
                }
            }
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String location(HttpResponse<?> response) {
        return response.headers().firstValue("Location").orElse("");
    }

    static List<String> values(HttpResponse<?> response, String header) {
        return response.headers().allValues(header);
    }
}
