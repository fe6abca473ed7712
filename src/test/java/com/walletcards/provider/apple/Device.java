package com.walletcards.provider.apple;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** An iPhone's side of the pass web service, as Apple documents the calls. */
final class Device {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    record Answer(int status, Map<String, List<String>> headers, byte[] body) {
        @Nullable
        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }

        JsonNode json() {
            return JSON.readTree(body);
        }

        String text() {
            return new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private final String base;
    final String libraryId;
    final String pushToken;

    Device(String webServiceUrl, String libraryId, String pushToken) {
        this.base = webServiceUrl + "/v1";
        this.libraryId = libraryId;
        this.pushToken = pushToken;
    }

    Answer register(String passTypeId, String serial, @Nullable String token) {
        return register(passTypeId, serial, token, "{\"pushToken\":\"" + pushToken + "\"}");
    }

    Answer register(String passTypeId, String serial, @Nullable String token, String body) {
        return send(
                "POST", "/devices/" + libraryId + "/registrations/" + passTypeId + "/" + serial, token, body, Map.of());
    }

    Answer unregister(String passTypeId, String serial, @Nullable String token) {
        return send(
                "DELETE",
                "/devices/" + libraryId + "/registrations/" + passTypeId + "/" + serial,
                token,
                null,
                Map.of());
    }

    Answer updated(String passTypeId, @Nullable String since) {
        return send(
                "GET",
                "/devices/" + libraryId + "/registrations/" + passTypeId
                        + (since == null ? "" : "?passesUpdatedSince=" + since),
                null,
                null,
                Map.of());
    }

    Answer pass(String passTypeId, String serial, @Nullable String token, @Nullable String ifModifiedSince) {
        return send(
                "GET",
                "/passes/" + passTypeId + "/" + serial,
                token,
                null,
                ifModifiedSince == null ? Map.of() : Map.of("If-Modified-Since", ifModifiedSince));
    }

    Answer head(String passTypeId, String serial, String token) {
        return send("HEAD", "/passes/" + passTypeId + "/" + serial, token, null, Map.of());
    }

    Answer log(String body) {
        return send("POST", "/log", null, body, Map.of());
    }

    private Answer send(
            String method, String path, @Nullable String token, @Nullable String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "ApplePass " + token);
        }
        headers.forEach(request::header);
        try {
            HttpResponse<byte[]> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(response.statusCode(), response.headers().map(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
