package com.walletcards.provider.apple;

import com.eatthepath.pushy.apns.ApnsClient;
import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.PushNotificationResponse;
import com.eatthepath.pushy.apns.util.SimpleApnsPushNotification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Empty pushes ({@code {}}, topic = the pass type id) over HTTP/2 with pushy, authenticated by the
 * pass type certificate. One client for the pass type keeps its connection open and multiplexes;
 * a semaphore bounds the pushes in flight, each permit held until APNs answered that push (or it
 * finally failed), so a slow APNs slows the sender instead of piling up requests. {@code 429} and
 * {@code 5xx} answers and connection failures are retried with backoff; a token APNs calls
 * {@code Unregistered} or {@code BadDeviceToken} loses its registration.
 */
class ApnsPushes implements DevicePushes, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ApnsPushes.class);
    static final String PAYLOAD = "{}";
    private static final int ATTEMPTS = 4;
    private static final Duration FIRST_RETRY = Duration.ofMillis(500);
    /** How long a caller waits for APNs' answers; retries still running go on after it. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static final int CHUNK = 500;

    private final PassStore store;
    private final String topic;
    private final @Nullable ApnsClient client;
    private final Semaphore inFlight;
    private final Set<String> forgottenTokens = ConcurrentHashMap.newKeySet();
    private volatile @Nullable Consumer<String> lastRegistrationGone;
    private volatile @Nullable Consumer<PassStore.Registration> registrationGone;

    ApnsPushes(AppleSettings settings, PassCredentials credentials, PassStore store) {
        this.store = store;
        this.topic = credentials.passTypeId();
        this.inFlight = new Semaphore(Math.max(1, settings.apnsConcurrency()));
        this.client = client(settings, credentials);
    }

    /** Permits free for new pushes; all of them once every push was answered. */
    int freePermits() {
        return inFlight.availablePermits();
    }

    /** Called with each registration removed because APNs said the token is gone. */
    void onRegistrationGone(Consumer<PassStore.Registration> listener) {
        this.registrationGone = listener;
    }

    /** Called with the serial of a pass that lost its last device because APNs said the token is gone. */
    void onLastRegistrationGone(Consumer<String> listener) {
        this.lastRegistrationGone = listener;
    }

    private static @Nullable ApnsClient client(AppleSettings settings, PassCredentials credentials) {
        if (credentials.development() && settings.apnsHost().equals(ApnsClientBuilder.PRODUCTION_APNS_HOST)) {
            log.warn(
                    "Apple Wallet pushes are off: APNs refuses the development certificate chain. Configure {} (or"
                            + " point WALLET_ALPHA_APNS_HOST at a test server)",
                    AppleSettings.CERTIFICATE_VARIABLE);
            return null;
        }
        try {
            ApnsClientBuilder builder = new ApnsClientBuilder()
                    .setApnsServer(settings.apnsHost(), settings.apnsPort())
                    .setClientCredentials(credentials.leaf(), credentials.key(), null)
                    .setConnectionTimeout(Duration.ofSeconds(10))
                    .setConcurrentConnections(1);
            if (AppleSettings.present(settings.apnsTrustedCa())) {
                builder.setTrustedServerCertificateChain(trusted(Path.of(settings.apnsTrustedCa())));
            }
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException(
                    "Cannot set up TLS for APNs with " + AppleSettings.CERTIFICATE_VARIABLE + ": " + e.getMessage(), e);
        }
    }

    private static X509Certificate[] trusted(Path pem) {
        try (var in = Files.newInputStream(pem)) {
            return CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .map(X509Certificate.class::cast)
                    .toArray(X509Certificate[]::new);
        } catch (IOException | CertificateException e) {
            throw new IllegalStateException(
                    "WALLET_ALPHA_APNS_TRUSTED_CA=" + pem + " cannot be read: " + e.getMessage(), e);
        }
    }

    @Override
    public Set<String> push(Collection<String> serials) {
        Set<String> reached = ConcurrentHashMap.newKeySet();
        if (client == null || serials.isEmpty()) {
            return reached;
        }
        List<String> all = List.copyOf(serials);
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            for (PassStore.Registration registration :
                    store.registrations(all.subList(from, Math.min(all.size(), from + CHUNK)))) {
                try {
                    inFlight.acquire();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                CompletableFuture<Void> one = new CompletableFuture<>();
                // Waiting below on the release, not on the answer alone: when push returns, every
                // permit it took is back (the answer's other dependents may run before the release).
                CompletableFuture<Void> released = one.whenComplete((ignored, failure) -> inFlight.release());
                send(registration, 1, one, reached);
                sent.add(released);
            }
        }
        try {
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("APNs has not answered every push to {} passes within {}; retries go on", serials.size(), WAIT);
        } catch (ExecutionException e) {
            log.warn(
                    "Pushing to {} passes failed: {}",
                    serials.size(),
                    e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Set.copyOf(reached);
    }

    private void send(
            PassStore.Registration registration, int attempt, CompletableFuture<Void> done, Set<String> reached) {
        ApnsClient apns = client;
        if (apns == null) {
            done.complete(null);
            return;
        }
        apns.sendNotification(new SimpleApnsPushNotification(registration.pushToken(), topic, PAYLOAD))
                .whenComplete((response, failure) -> {
                    try {
                        handle(registration, attempt, done, reached, response, failure);
                    } catch (RuntimeException e) {
                        log.warn(
                                "Handling APNs' answer for pass {} failed: {}",
                                registration.serialNumber(),
                                e.toString());
                        done.complete(null);
                    }
                });
    }

    private void handle(
            PassStore.Registration registration,
            int attempt,
            CompletableFuture<Void> done,
            Set<String> reached,
            @Nullable PushNotificationResponse<SimpleApnsPushNotification> response,
            @Nullable Throwable failure) {
        if (response != null && response.isAccepted()) {
            reached.add(registration.serialNumber());
            done.complete(null);
            return;
        }
        int status = response == null ? 0 : response.getStatusCode();
        String reason = response == null
                ? String.valueOf(failure)
                : response.getRejectionReason().orElse("status " + status);
        if (response != null && (status == 410 || reason.equals("Unregistered") || reason.equals("BadDeviceToken"))) {
            forget(registration);
            done.complete(null);
            return;
        }
        boolean retryable = response == null || status == 429 || status >= 500;
        if (retryable && attempt < ATTEMPTS) {
            Executor later =
                    CompletableFuture.delayedExecutor(FIRST_RETRY.toMillis() << (attempt - 1), TimeUnit.MILLISECONDS);
            later.execute(() -> send(registration, attempt + 1, done, reached));
            return;
        }
        log.warn(
                "APNs did not take the push for pass {} (attempt {}): {}",
                registration.serialNumber(),
                attempt,
                reason);
        done.complete(null);
    }

    private void forget(PassStore.Registration registration) {
        if (!forgottenTokens.add(registration.pushToken())) {
            return;
        }
        store.forgetToken(registration.pushToken());
        log.info("APNs says a device no longer has pass {}; its registration is removed", registration.serialNumber());
        Consumer<PassStore.Registration> gone = registrationGone;
        if (gone != null) {
            gone.accept(registration);
        }
        Consumer<String> listener = lastRegistrationGone;
        if (listener != null && store.registrationCount(registration.serialNumber()) == 0) {
            listener.accept(registration.serialNumber());
        }
        forgottenTokens.remove(registration.pushToken());
    }

    @Override
    public void close() {
        if (client != null) {
            try {
                client.close().get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                log.debug("Closing the APNs client: {}", e.toString());
            }
        }
    }
}
