package com.walletcards.provider.google;

import com.walletcards.card.spi.ProviderFailure;
import io.github.bucket4j.Bucket;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Google Wallet REST API as this service uses it: insert, get, patch and addMessage of
 * classes and objects. Every call waits for the issuer's token bucket, carries a cached OAuth2
 * token, and is retried a few times with jittered, growing pauses on 429, 5xx and network errors.
 * What is still failing then becomes a {@link ProviderFailure}: retryable, rate-limited, or
 * permanent with Google's own message (400, 403), so the caller records it instead of retrying.
 */
final class GoogleWalletApi {

    private static final Logger log = LoggerFactory.getLogger(GoogleWalletApi.class);
    static final JsonMapper JSON = JsonMapper.builder().build();

    /** Google refused to notify again within 24 hours: the caller falls back to a silent message. */
    static final class NotifyQuotaExceeded extends RuntimeException {
        NotifyQuotaExceeded(String message) {
            super(message, null, false, false);
        }
    }

    private record Response(
            int status, String body, @Nullable String retryAfter) {}

    private final RestClient http;
    private final ServiceAccount account;
    private final Bucket bucket;
    private final GoogleWalletSettings settings;

    GoogleWalletApi(GoogleWalletSettings settings, ServiceAccount account) {
        this.settings = settings;
        this.account = account;
        HttpClient client = HttpClient.newBuilder()
                .connectTimeout(settings.requestTimeout())
                .build();
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(client);
        factory.setReadTimeout(settings.requestTimeout());
        String base = settings.apiBaseUrl().toString();
        this.http = RestClient.builder()
                .requestFactory(factory)
                .baseUrl(base.endsWith("/") ? base : base + "/")
                .build();
        this.bucket = bucket(settings.requestsPerSecond());
    }

    /**
     * Refills a fifth of a second's worth at a time, so that even the first second never sends
     * more than the configured rate plus that small burst.
     */
    private static Bucket bucket(double perSecond) {
        long burst = Math.max(1, Math.round(perSecond / 5));
        Duration period = Duration.ofNanos(Math.round(burst * 1_000_000_000d / perSecond));
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(burst).refillGreedy(burst, period))
                .build();
    }

    /** {@code POST {type}}: false when the id exists already (409). */
    boolean insert(String type, Map<String, Object> body) {
        Response r = call(HttpMethod.POST, type, body);
        if (r.status() == 409) {
            return false;
        }
        ensureOk(r, "insert " + type + " " + body.get("id"));
        return true;
    }

    /** {@code GET {type}/{id}}: empty when Google has no such resource (404). */
    Optional<JsonNode> get(String type, String id) {
        Response r = call(HttpMethod.GET, type + "/" + id, null);
        if (r.status() == 404) {
            return Optional.empty();
        }
        ensureOk(r, "get " + type + " " + id);
        return Optional.of(parse(r.body()));
    }

    /** {@code PATCH {type}/{id}}: arrays in the body replace Google's whole. */
    void patch(String type, String id, Map<String, Object> body) {
        ensureOk(call(HttpMethod.PATCH, type + "/" + id, body), "patch " + type + " " + id);
    }

    /** {@code POST {type}/{id}/addMessage}. */
    void addMessage(String type, String id, Map<String, Object> message) {
        Response r = call(HttpMethod.POST, type + "/" + id + "/addMessage", Map.of("message", message));
        if (r.status() == 403 && "quotaExceeded".equals(reason(r.body()))) {
            throw new NotifyQuotaExceeded(googleMessage(r));
        }
        ensureOk(r, "add a message to " + type + " " + id);
    }

    private Response call(HttpMethod method, String path, @Nullable Map<String, Object> body) {
        boolean tokenRenewed = false;
        Response last = null;
        RuntimeException lastError = null;
        for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
            try {
                bucket.asBlocking().consume(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw ProviderFailure.retryLater("interrupted while waiting for the Google Wallet rate limit");
            }
            try {
                last = send(method, path, body);
                lastError = null;
            } catch (RestClientException | UncheckedIOException e) {
                lastError = e;
                last = null;
            }
            if (last != null && last.status() == 401 && !tokenRenewed) {
                tokenRenewed = true;
                renewToken();
                attempt--; // a stale token is not Google being unavailable
                continue;
            }
            if (last != null && last.status() != 429 && last.status() < 500) {
                return last;
            }
            if (attempt < settings.maxAttempts()) {
                pause(attempt, last);
            }
        }
        if (last == null) {
            throw ProviderFailure.retryLater(
                    "Google Wallet API unreachable: " + (lastError == null ? "no answer" : lastError.getMessage()));
        }
        if (last.status() == 429) {
            throw ProviderFailure.rateLimited(
                    "Google Wallet API rate limit: " + googleMessage(last), retryAfter(last, Duration.ofSeconds(1)));
        }
        throw ProviderFailure.retryLater("Google Wallet API " + last.status() + ": " + googleMessage(last));
    }

    private Response send(HttpMethod method, String path, @Nullable Map<String, Object> body) {
        String token;
        try {
            token = account.accessToken();
        } catch (IOException e) {
            throw new UncheckedIOException("no access token from the token endpoint: " + e.getMessage(), e);
        }
        RestClient.RequestBodySpec request = http.method(method)
                .uri(path)
                .header("Authorization", "Bearer " + token)
                .accept(MediaType.APPLICATION_JSON);
        if (body != null) {
            request.contentType(MediaType.APPLICATION_JSON).body(JSON.writeValueAsString(body));
        }
        return request.exchange((req, res) -> new Response(
                res.getStatusCode().value(),
                new String(res.getBody().readAllBytes(), StandardCharsets.UTF_8),
                res.getHeaders().getFirst("Retry-After")));
    }

    private void renewToken() {
        try {
            account.invalidateToken();
        } catch (IOException e) {
            throw ProviderFailure.retryLater("no access token from the token endpoint: " + e.getMessage());
        }
    }

    /** Exponential backoff with full jitter, at least what Google asked for in Retry-After. */
    private void pause(int attempt, @Nullable Response last) {
        long base = settings.firstBackoff().toMillis() << (attempt - 1);
        long millis = ThreadLocalRandom.current().nextLong(base / 2, base + 1);
        if (last != null) {
            millis = Math.max(millis, retryAfter(last, Duration.ZERO).toMillis());
        }
        log.debug(
                "Google Wallet API answered {}; trying again in {} ms",
                last == null ? "nothing" : last.status(),
                millis);
        try {
            Thread.sleep(Math.min(millis, 10_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ProviderFailure.retryLater("interrupted while backing off");
        }
    }

    private static Duration retryAfter(Response r, Duration otherwise) {
        if (r.retryAfter() != null) {
            try {
                return Duration.ofSeconds(Long.parseLong(r.retryAfter().trim()));
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }
        return otherwise;
    }

    private static void ensureOk(Response r, String what) {
        if (r.status() >= 200 && r.status() < 300) {
            return;
        }
        if (r.status() == 404) {
            throw ProviderFailure.permanent("Google Wallet has no such resource (" + what + ")");
        }
        // 400 (invalid data), 403 (permission, quota): the same request will not succeed later.
        throw ProviderFailure.permanent(
                "Google Wallet refused to " + what + " (" + r.status() + "): " + googleMessage(r));
    }

    /** Google's own explanation: {@code error.message} of its error body. */
    static String googleMessage(Response r) {
        try {
            JsonNode error = JSON.readTree(r.body()).path("error");
            String message = error.path("message").asString("");
            return message.isBlank() ? "HTTP " + r.status() : truncate(message);
        } catch (JacksonException e) {
            return "HTTP " + r.status();
        }
    }

    private static @Nullable String reason(String body) {
        try {
            JsonNode errors = JSON.readTree(body).path("error").path("errors");
            return errors.isArray() && !errors.isEmpty()
                    ? errors.get(0).path("reason").asString(null)
                    : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (JacksonException e) {
            throw ProviderFailure.retryLater("Google Wallet API answered something that is not JSON");
        }
    }

    private static String truncate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300);
    }
}
