package com.walletcards.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Instance;
import com.walletcards.support.PostgresAvailability;
import com.walletcards.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.logging.LoggingSystem;

/**
 * Two instances starting at the same moment on an empty database end with one bootstrap
 * organization and one key. On PostgreSQL they are what a deployment has: two nodes on one
 * server. The embedded H2 file database admits a single process (it locks its file), so the H2
 * run puts both instances in this JVM on one shared in-memory database instead; the race on the
 * database rows is the same.
 */
@Tag("database")
@Tag("slow")
@ExtendWith(PostgresAvailability.class)
class BootstrapRaceTest {

    @Test
    void twoInstancesStartingTogetherOnAnEmptyDatabaseCreateOneOrganizationAndOneKey() throws Exception {
        String url = TestDatabase.freshDatabase();
        String run = UUID.randomUUID().toString().substring(0, 8);
        List<String> names = List.of("bootstrap-a-" + run, "bootstrap-b-" + run);
        List<Instance> instances = new ArrayList<>();
        // Logback cannot be configured by two contexts of one JVM at the same moment (it fails with
        // a ConcurrentModificationException): these instances keep the logging this JVM already has.
        String loggingSystem = System.setProperty(LoggingSystem.SYSTEM_PROPERTY, LoggingSystem.NONE);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<Instance>> starting = names.stream()
                    .map(name -> CompletableFuture.supplyAsync(() -> {
                        await(go);
                        return Instance.start(name, url, Map.of("db-scheduler.threads", 2));
                    }))
                    .toList();
            go.countDown();
            for (CompletableFuture<Instance> instance : starting) {
                instances.add(instance.get(180, TimeUnit.SECONDS));
            }
            restore(loggingSystem);

            assertThat(count(url, "SELECT COUNT(*) FROM organizations")).isEqualTo(1);
            assertThat(count(url, "SELECT COUNT(*) FROM api_keys")).isEqualTo(1);
            List<Path> keyFiles = names.stream()
                    .map(name -> Path.of("target", "instances", name, Bootstrap.KEY_FILE))
                    .filter(Files::exists)
                    .toList();
            assertThat(keyFiles).as("exactly one instance wrote the key file").hasSize(1);
            String key = Files.readString(keyFiles.get(0)).trim();
            assertThat(instances.get(0).bean(AccessManagement.class).authenticate(key))
                    .get()
                    .satisfies(p -> assertThat(p.scopes()).isEqualTo(Set.copyOf(Scope.all())));
        } finally {
            restore(loggingSystem);
            instances.forEach(Instance::close);
        }
    }

    private static void restore(String loggingSystem) {
        if (loggingSystem == null) {
            System.clearProperty(LoggingSystem.SYSTEM_PROPERTY);
        } else {
            System.setProperty(LoggingSystem.SYSTEM_PROPERTY, loggingSystem);
        }
    }

    @Test
    void eightCallersEnsuringTheSameBootstrapKeyAtOnceEndWithOneKey() throws Exception {
        String url = TestDatabase.freshDatabase();
        try (Instance instance = Instance.start("bootstrap-key-" + UUID.randomUUID(), url, Map.of())) {
            AccessManagement access = instance.bean(AccessManagement.class);
            String secret = "wk_race_" + UUID.randomUUID().toString().replace("-", "");
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<ApiKey>> ensured = IntStream.range(0, 8)
                        .mapToObj(i -> pool.submit(() -> {
                            go.await();
                            return access.ensureKey(secret, "Default organization");
                        }))
                        .toList();
                go.countDown();
                Set<String> ids = new HashSet<>();
                for (Future<ApiKey> key : ensured) {
                    ids.add(key.get(60, TimeUnit.SECONDS).id());
                }
                assertThat(ids).hasSize(1);
            } finally {
                pool.shutdownNow();
            }
            assertThat(count(url, "SELECT COUNT(*) FROM organizations")).isEqualTo(1);
            assertThat(count(url, "SELECT COUNT(*) FROM api_keys")).isEqualTo(2); // the generated one and this
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, TestDatabase.user(), "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
