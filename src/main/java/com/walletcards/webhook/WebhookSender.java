package com.walletcards.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.io.DetachedSocketFactory;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * Sends one webhook request to the address the target check approved (see {@link
 * TargetPolicy#atDelivery}). Redirects are never followed (a redirect could lead to a target the
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

    // Building the TLS setup (trust store, protocols) is the costly part; it is shared by all attempts.
    private static final TlsSocketStrategy TLS = DefaultClientTlsStrategy.createSystemDefault();
    // Cuts an exchange that is still running at its deadline, however slowly the receiver drips.
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "webhook-deadlines");
        thread.setDaemon(true);
        return thread;
    });

    private final Duration timeout;
    private final int maxResponseBytes;
    private final DetachedSocketFactory sockets;

    WebhookSender(Duration timeout, int maxResponseBytes) {
        this(timeout, maxResponseBytes, proxy -> proxy == null ? new Socket() : new Socket(proxy));
    }

    /** With the sockets a test can watch: where a connection goes is what the target check is about. */
    WebhookSender(Duration timeout, int maxResponseBytes, DetachedSocketFactory sockets) {
        this.timeout = timeout;
        this.maxResponseBytes = maxResponseBytes;
        this.sockets = sockets;
    }

    /**
     * Posts to {@code url}, connecting only to the addresses in {@code pinned} (checked by the
     * caller): the name in the URL still goes into the Host header, TLS SNI and certificate check.
     */
    Result post(URI url, TargetPolicy.Pinned pinned, Map<String, String> headers, byte[] body) {
        HttpPost request = new HttpPost(url);
        headers.forEach(request::setHeader);
        request.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        try (CloseableHttpClient client = clientFor(pinned)) {
            return exchange(client, request);
        } catch (IOException closing) {
            throw new UncheckedIOException(closing); // closing a client never throws in practice
        }
    }

    private Result exchange(CloseableHttpClient client, HttpPost request) {
        long started = System.nanoTime();
        ScheduledFuture<?> deadline = DEADLINES.schedule(request::cancel, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try (ClassicHttpResponse response = client.executeOpen(null, request, null)) {
            int status = response.getCode();
            String error = status >= 300 && status < 400 ? "redirects are not followed" : null;
            Header retryAfter = response.getFirstHeader("Retry-After");
            String excerpt = excerpt(read(response.getEntity()));
            return new Result(
                    status, error, retryAfter == null ? null : retryAfter.getValue(), excerpt, millisSince(started));
        } catch (IOException | RuntimeException e) {
            if (request.isCancelled()) {
                // Cut at the deadline; the client reports that in several ways, none of them useful.
                return Result.failed(timedOut(), millisSince(started));
            }
            if (e instanceof IOException io) {
                return Result.failed(describe(io), millisSince(started));
            }
            throw (RuntimeException) e;
        } finally {
            deadline.cancel(false);
        }
    }

    /**
     * A client for one attempt, whose only DNS answer is the pinned one. One connection, not
     * pooled: a kept-alive connection would skip the check of the next attempt.
     */
    private CloseableHttpClient clientFor(TargetPolicy.Pinned pinned) {
        DnsResolver onlyTheCheckedAddresses = new DnsResolver() {
            @Override
            public InetAddress[] resolve(String host) throws UnknownHostException {
                if (!host.equalsIgnoreCase(pinned.host())) {
                    throw new UnknownHostException(host + " was not checked");
                }
                return pinned.addresses().toArray(InetAddress[]::new);
            }

            @Override
            public String resolveCanonicalHostname(String host) {
                return host;
            }
        };
        BasicHttpClientConnectionManager connections = new BasicHttpClientConnectionManager(
                new DefaultHttpClientConnectionOperator(
                        sockets,
                        DefaultSchemePortResolver.INSTANCE,
                        onlyTheCheckedAddresses,
                        RegistryBuilder.<TlsSocketStrategy>create()
                                .register("https", TLS)
                                .build()),
                ManagedHttpClientConnectionFactory.INSTANCE);
        connections.setConnectionConfig(ConnectionConfig.custom()
                .setConnectTimeout(Timeout.of(timeout))
                .setSocketTimeout(Timeout.of(timeout))
                .build());
        return HttpClients.custom()
                .setConnectionManager(connections)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .setUserAgent(Dispatcher.USER_AGENT)
                .build();
    }

    private byte[] read(@Nullable HttpEntity entity) throws IOException {
        if (entity == null) {
            return new byte[0];
        }
        try (InputStream in = entity.getContent()) {
            return in.readNBytes(maxResponseBytes); // the rest is never read; the connection is discarded
        }
    }

    private String timedOut() {
        return "timed out after " + timeout.toMillis() + " ms";
    }

    private String describe(IOException failure) {
        if (failure instanceof ConnectTimeoutException) {
            return "connect " + timedOut();
        }
        if (failure instanceof SocketTimeoutException) {
            return timedOut();
        }
        if (failure instanceof ConnectException || failure instanceof NoRouteToHostException) {
            return "connection refused or unreachable";
        }
        if (failure instanceof SSLException ssl) {
            return "TLS failed: " + ssl.getMessage();
        }
        return "network error: "
                + (failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage());
    }

    private static @Nullable String excerpt(byte[] bytes) {
        String body = new String(bytes, StandardCharsets.UTF_8);
        if (body.isEmpty()) {
            return null;
        }
        // Control characters (NUL above all) are not storable in every database, nor useful.
        String clean = body.replaceAll("[\\p{Cntrl}&&[^\\r\\n\\t]]", "");
        return clean.length() > KEPT_RESPONSE_CHARS ? clean.substring(0, KEPT_RESPONSE_CHARS) : clean;
    }

    private static long millisSince(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }
}
