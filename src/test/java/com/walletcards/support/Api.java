package com.walletcards.support;

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

/** A small HTTP client for end-to-end tests: real requests against the running server. */
public final class Api {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final @Nullable String key;

    public Api(int port, @Nullable String key) {
        this.base = "http://127.0.0.1:" + port;
        this.key = key;
    }

    public Api withKey(@Nullable String otherKey) {
        return new Api(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), otherKey);
    }

    public record Response(int status, Map<String, List<String>> headers, String body) {
        public JsonNode json() {
            return JSON.readTree(body);
        }

        public JsonNode data() {
            return json().get("data");
        }

        public String errorCode() {
            JsonNode error = json().get("error");
            return error == null ? "" : error.get("code").asString();
        }

        public @Nullable String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** A GET as a browser makes it, for HTML pages. */
    public Response page(String path) {
        return send("GET", path, null, "text/html", Map.of("Accept", "text/html"));
    }

    public Response get(String path) {
        return send("GET", path, null, "application/json");
    }

    public Response delete(String path) {
        return send("DELETE", path, null, "application/json");
    }

    public Response post(String path, @Nullable Object body) {
        return send("POST", path, body == null ? "{}" : JSON.writeValueAsString(body), "application/json");
    }

    public Response patch(String path, Object body) {
        return send("PATCH", path, JSON.writeValueAsString(body), "application/json");
    }

    public Response raw(String method, String path, @Nullable String body, String contentType) {
        return send(method, path, body, contentType, Map.of());
    }

    public Response rawWithHeaders(
            String method, String path, @Nullable String body, String contentType, Map<String, String> headers) {
        return send(method, path, body, contentType, headers);
    }

    /** A request with a binary body, such as an image upload. */
    public Response bytes(String method, String path, byte[] body, String contentType) {
        return sendBody(method, path, HttpRequest.BodyPublishers.ofByteArray(body), contentType, Map.of());
    }

    /** A GET whose answer is binary, such as an image. */
    public BinaryResponse download(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(path.startsWith("http") ? path : base + path))
                .timeout(Duration.ofSeconds(30))
                .build();
        try {
            HttpResponse<byte[]> response = HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new BinaryResponse(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Cache-Control").orElse(""),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public record BinaryResponse(int status, String contentType, String cacheControl, byte[] body) {}

    private Response send(String method, String path, @Nullable String body, String contentType) {
        return send(method, path, body, contentType, Map.of());
    }

    private Response send(
            String method, String path, @Nullable String body, String contentType, Map<String, String> headers) {
        return sendBody(
                method, path, body == null ? null : HttpRequest.BodyPublishers.ofString(body), contentType, headers);
    }

    private Response sendBody(
            String method,
            String path,
            HttpRequest.@Nullable BodyPublisher body,
            String contentType,
            Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(path.startsWith("http") ? path : base + path))
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
        if (body != null) {
            request.header("Content-Type", contentType);
        }
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        headers.forEach(request::setHeader);
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers().map(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
