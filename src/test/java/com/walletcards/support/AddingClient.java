package com.walletcards.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Adds recipients without pause, through an outage and after it, in bulks of a given size or one
 * by one, and keeps the id of every recipient the service acknowledged: an outage test's list of
 * what must not be lost.
 */
public final class AddingClient {

    private final Api api;
    private final String campaign;
    private final int bulkSize;
    private final String prefix;
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private final AtomicBoolean running = new AtomicBoolean(true);
    public final List<String> accepted = Collections.synchronizedList(new ArrayList<>());
    public final List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
    public final AtomicInteger acceptedRequests = new AtomicInteger();
    public final AtomicInteger refused = new AtomicInteger();
    /** When ({@link System#nanoTime()}) a request was answered 503 SERVICE_BUSY: load, not an outage. */
    public final List<Long> busyAt = Collections.synchronizedList(new ArrayList<>());
    /** The longest a request took that was answered 503, in milliseconds. */
    public final AtomicLong slowestRefusedMs = new AtomicLong();

    private AddingClient(Api api, String campaign, int bulkSize, String prefix) {
        this.api = api;
        this.campaign = campaign;
        this.bulkSize = bulkSize;
        this.prefix = prefix;
    }

    /** Bulk adds ({@code POST …/recipients/bulk}) of {@code size} recipients each. */
    public static AddingClient bulks(Api api, String campaign, int size) {
        return new AddingClient(api, campaign, size, "bulk");
    }

    /** Single adds ({@code POST …/recipients}), one after the other. */
    public static AddingClient singles(Api api, String campaign) {
        return new AddingClient(api, campaign, 0, "single");
    }

    /** A bulk add body of {@code size} recipients whose addresses start with {@code prefix}. */
    public static Map<String, Object> bulk(String prefix, int size) {
        List<Map<String, Object>> items = IntStream.range(0, size)
                .mapToObj(i -> Map.<String, Object>of("email", prefix + "." + i + "@example.com"))
                .toList();
        return Map.of("recipients", items, "sendEmail", false);
    }

    public AddingClient start() {
        thread.submit(() -> {
            for (int n = 0; running.get(); n++) {
                try {
                    add(n);
                } catch (RuntimeException e) {
                    unexpected.add(e.toString());
                }
            }
        });
        return this;
    }

    private void add(int n) {
        long started = System.nanoTime();
        Api.Response r = bulkSize > 0
                ? api.post("/v1/campaigns/" + campaign + "/recipients/bulk", bulk(prefix + n, bulkSize))
                : api.post(
                        "/v1/campaigns/" + campaign + "/recipients",
                        Map.of("email", prefix + "." + n + "@example.com"));
        if (r.status() == 201) {
            if (bulkSize > 0) {
                r.data()
                        .get("recipients")
                        .forEach(item -> accepted.add(item.get("id").asString()));
            } else {
                accepted.add(r.data().get("id").asString());
            }
            acceptedRequests.incrementAndGet();
        } else if (r.status() == 503 && r.errorCode().equals("SERVICE_UNAVAILABLE")) {
            refused.incrementAndGet();
            slowestRefusedMs.accumulateAndGet((System.nanoTime() - started) / 1_000_000, Math::max);
        } else if (r.status() == 503 && r.errorCode().equals("SERVICE_BUSY")) {
            busyAt.add(System.nanoTime());
        } else {
            unexpected.add(r.status() + " " + r.body());
        }
    }

    public void stop() throws InterruptedException {
        running.set(false);
        thread.shutdown();
        assertThat(thread.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    }
}
