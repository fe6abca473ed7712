package com.walletcards.support;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps the event ids, for outage tests. */
public final class WebhookReceiver implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(8);
    public final Set<String> ids = ConcurrentHashMap.newKeySet();
    /** Every request, a retry or a resend of the same event included. */
    public final AtomicInteger requests = new AtomicInteger();

    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            ids.add(exchange.getRequestHeaders().getFirst("webhook-id"));
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, 2);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("ok".getBytes());
            }
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    public long received() {
        return ids.size();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
