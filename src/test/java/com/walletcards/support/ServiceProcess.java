package com.walletcards.support;

import static org.awaitility.Awaitility.await;

import com.walletcards.WalletCampaignsApplication;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The service in a process of its own, started from the test class path, so a test can
 * {@link #kill()} it the way {@code kill -9} does and start it again on the same database.
 */
public final class ServiceProcess implements AutoCloseable {

    private final Process process;
    private final int port;
    private final Path log;

    private ServiceProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * A free port below Linux's ephemeral range (32768 and up). A port the system handed out for
     * binding to 0 is an ephemeral one: between this check and the service binding it (and again
     * at each restart on the same port), an outgoing connection of any process could take it as
     * its local port, and the service then fails to start with "port already in use".
     */
    public static int freePort() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 200; attempt++) {
            int candidate = random.nextInt(20_000, 32_000);
            try (ServerSocket socket = new ServerSocket(candidate)) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // in use: try another
            }
        }
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts the service and waits until it answers its health check. Every provider runs in its
     * local mode unless {@code properties} choose another.
     */
    public static ServiceProcess start(String name, int port, Map<String, String> properties) {
        Path log = Path.of("target", "processes", name + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                WalletCampaignsApplication.class.getName(),
                "--server.port=" + port,
                "--spring.main.banner-mode=off"));
        Map<String, String> all = new LinkedHashMap<>(LocalModes.properties());
        all.putAll(LiftedRateLimits.properties());
        all.putAll(properties);
        all.forEach((k, v) -> command.add("--" + k + "=" + v));
        try {
            Files.createDirectories(log.getParent());
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .directory(new File("."))
                    .start();
            ServiceProcess service = new ServiceProcess(process, port, log);
            Api api = new Api(port, null);
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(250))
                    .ignoreExceptions()
                    .until(() ->
                            !process.isAlive() || api.get("/actuator/health").status() == 200);
            if (!process.isAlive()) {
                throw new IllegalStateException("The service exited early; see " + log);
            }
            return service;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Api api(String key) {
        return new Api(port, key);
    }

    /** SIGKILL: no shutdown hook, no graceful stop, transactions in flight are simply gone. */
    public void kill() {
        process.destroyForcibly();
        waitForExit();
    }

    /** Waits for a process that ends itself (a halt a test set up) to be gone. */
    public void awaitExit(Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(50)).until(() -> !process.isAlive());
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            waitForExit();
        }
    }

    public Path log() {
        return log;
    }

    /**
     * Writes the service's threads, as {@code jcmd Thread.print} shows them, beside its log: for a
     * test whose wait for the service's background work ran out. Answers the file.
     */
    public Path dumpThreads() {
        Path dump = log.resolveSibling(log.getFileName().toString().replace(".log", "") + "-threads.txt");
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process jcmdRun = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true)
                    .redirectOutput(dump.toFile())
                    .start();
            if (!jcmdRun.waitFor(60, TimeUnit.SECONDS)) {
                jcmdRun.destroyForcibly();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return dump;
    }

    private void waitForExit() {
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
