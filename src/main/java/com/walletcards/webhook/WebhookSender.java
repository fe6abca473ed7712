package com.walletcards.webhook;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;

/**
 * Sends one webhook request. Redirects are never followed (a redirect could lead to a target the
 * address check never saw), the whole exchange is bounded by the timeout, and at most a few
 * kilobytes of the response are read, so a hostile receiver can neither hold a worker nor fill
 * its memory.
 */
class WebhookSender {

    static final int KEPT_RESPONSE_CHARS = 1000;

    /** What came back: a status code, or the error that prevented one. */
    record Result(
            @Nullable Integer statusCode,
            @Nullable String error,
            @Nullable String retryAfter,
            @Nullable String responseBody,
            long durationMs) {

        boolean succeeded() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }

        static Result failed(String error, long durationMs) {
            return new Result(null, error, null, null, durationMs);
        }
    }

    private final HttpClient client;
    private final Duration timeout;
    private final int maxResponseBytes;

    WebhookSender(Duration timeout, int maxResponseBytes) {
        this.timeout = timeout;
        this.maxResponseBytes = maxResponseBytes;
        this.client = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(timeout)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    Result post(URI url, Map<String, String> headers, byte[] body) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(url).timeout(timeout).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        long started = System.nanoTime();
        CompletableFuture<HttpResponse<String>> exchange =
                client.sendAsync(request.build(), info -> new Capped(maxResponseBytes));
        try {
            // The request timeout stops at the response headers; this bounds the body as well.
            HttpResponse<String> response = exchange.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            long elapsed = millisSince(started);
            int status = response.statusCode();
            String error = status >= 300 && status < 400 ? "redirects are not followed" : null;
            return new Result(
                    status,
                    error,
                    response.headers().firstValue("Retry-After").orElse(null),
                    excerpt(response.body()),
                    elapsed);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return Result.failed(timedOut(), millisSince(started));
        } catch (ExecutionException e) {
            return Result.failed(describe(e.getCause()), millisSince(started));
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            return Result.failed("interrupted by shutdown", millisSince(started));
        }
    }

    private String timedOut() {
        return "timed out after " + timeout.toMillis() + " ms";
    }

    private String describe(@Nullable Throwable failure) {
        if (failure instanceof HttpConnectTimeoutException) {
            return "connect " + timedOut();
        }
        if (failure instanceof HttpTimeoutException) {
            return timedOut();
        }
        if (failure instanceof ConnectException) {
            return "connection refused or unreachable";
        }
        if (failure instanceof SSLException ssl) {
            return "TLS failed: " + ssl.getMessage();
        }
        if (failure instanceof IOException io) {
            return "network error: " + (io.getMessage() == null ? io.getClass().getSimpleName() : io.getMessage());
        }
        return "request failed: "
                + (failure == null ? "unknown" : failure.getClass().getSimpleName());
    }

    private static @Nullable String excerpt(@Nullable String body) {
        if (body == null || body.isEmpty()) {
            return null;
        }
        // Control characters (NUL above all) are not storable in every database, nor useful.
        String clean = body.replaceAll("[\\p{Cntrl}&&[^\\r\\n\\t]]", "");
        return clean.length() > KEPT_RESPONSE_CHARS ? clean.substring(0, KEPT_RESPONSE_CHARS) : clean;
    }

    private static long millisSince(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }

    /** Collects the first bytes of a body and then stops reading. */
    private static final class Capped implements HttpResponse.BodySubscriber<String> {

        private final int max;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CompletableFuture<String> result = new CompletableFuture<>();
        private Flow.@Nullable Subscription subscription;

        Capped(int max) {
            this.max = max;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            for (ByteBuffer item : items) {
                int take = Math.min(item.remaining(), max - bytes.size());
                byte[] chunk = new byte[take];
                item.get(chunk);
                bytes.write(chunk, 0, take);
            }
            Flow.Subscription s = subscription;
            if (bytes.size() >= max) {
                if (s != null) {
                    s.cancel();
                }
                complete();
            } else if (s != null) {
                s.request(1);
            }
        }

        @Override
        public void onError(Throwable failure) {
            result.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            complete();
        }

        private void complete() {
            result.complete(bytes.toString(StandardCharsets.UTF_8));
        }

        @Override
        public CompletableFuture<String> getBody() {
            return result;
        }
    }
}
