package com.walletcards.webhook;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP endpoint on 127.0.0.1 that records every webhook and answers as told. */
final class Receiver implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** How to answer the n-th request (1-based). */
    record Reply(int status, Duration delay, Map<String, String> headers) {
        static Reply status(int status) {
            return new Reply(status, Duration.ZERO, Map.of());
        }
    }

    record Request(Map<String, String> headers, byte[] body, Instant receivedAt, int status) {
        JsonNode json() {
            return JSON.readTree(body);
        }

        String type() {
            return json().get("type").asString();
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger count = new AtomicInteger();

    Receiver(IntFunction<Reply> replies) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(threads);
        server.createContext("/", exchange -> answer(exchange, replies.apply(count.incrementAndGet())));
        server.start();
    }

    static Receiver answering(int status) throws IOException {
        return new Receiver(n -> Reply.status(status));
    }

    private void answer(HttpExchange exchange, Reply reply) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Map<String, String> headers = new HashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
        requests.add(new Request(headers, body, Instant.now(), reply.status()));
        try {
            if (!reply.delay().isZero()) {
                Thread.sleep(reply.delay().toMillis()); // a slow receiver: the subject of a test
            }
            reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            byte[] answer = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(reply.status(), answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException clientGone) {
            // the sender gave up (timeout): nothing to answer
        } finally {
            exchange.close();
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    List<Request> requests() {
        return new ArrayList<>(requests);
    }

    List<Request> ofType(String type) {
        return requests.stream().filter(r -> r.type().equals(type)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Standard Webhooks verification, written independently of the code under test. */
    static boolean verifies(String secret, Request request) {
        try {
            byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((request.header("webhook-id") + "." + request.header("webhook-timestamp") + ".")
                    .getBytes(StandardCharsets.UTF_8));
            String expected = Base64.getEncoder().encodeToString(mac.doFinal(request.body()));
            for (String part : request.header("webhook-signature").split(" ")) {
                if (part.equals("v1," + expected)) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            return false;
        }
    }
}
