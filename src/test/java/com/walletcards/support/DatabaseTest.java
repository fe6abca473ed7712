package com.walletcards.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * A test of the running application over HTTP on a real database. The build runs every such
 * test twice: once on H2 and once on PostgreSQL (tag {@code database}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("database")
@ExtendWith(PostgresAvailability.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "wallet.access.bootstrap-api-key=",
            "wallet.access.admin-token=test-admin-token",
            "wallet.data-dir=target/test-data",
            "wallet.campaigns.completion-interval=PT1S",
            "db-scheduler.polling-interval=200ms",
            // Several test contexts live at once (the context cache); small pools that give back
            // idle connections keep them all well under PostgreSQL's connection limit. The job
            // engine keeps to fewer threads than the service's, so that with the pool's share it
            // needs (a connection per thread, one to poll, one for heartbeats) requests still find
            // connections: the ratio the service's own settings keep (JobEngineSettings).
            "spring.datasource.hikari.maximum-pool-size=10",
            "spring.datasource.hikari.minimum-idle=1",
            "spring.datasource.hikari.idle-timeout=10000",
            "db-scheduler.threads=4",
            // The per-address limits of the public paths, lifted (LiftedRateLimits).
            "wallet.rate-limits.holder.per-second=1000000",
            "wallet.rate-limits.holder.burst=1000000",
            "wallet.rate-limits.openid4vci.per-second=1000000",
            "wallet.rate-limits.openid4vci.burst=1000000",
            "wallet.rate-limits.callbacks.per-second=1000000",
            "wallet.rate-limits.callbacks.burst=1000000",
            "wallet.rate-limits.apple.per-second=1000000",
            "wallet.rate-limits.apple.burst=1000000",
            // With such small pools on a shared test machine a request may wait longer than the
            // service's 1.2 s; the quick 503 is tested against the real settings (DatabaseOutageTest,
            // DatabaseTimeoutsTest).
            "spring.datasource.hikari.connection-timeout=15000",
            // The local mode of every provider (LocalModes); a test of a real protocol sets its own.
            "wallet.providers.settings.alpha.mode=local",
            "wallet.providers.settings.beta.mode=local",
            "wallet.providers.settings.eudiw.mode=local",
            "wallet.providers.settings.alpha.callback-secret=" + DatabaseTest.CALLBACK_SECRET,
            "wallet.providers.settings.beta.callback-secret=" + DatabaseTest.CALLBACK_SECRET,
            "wallet.providers.settings.eudiw.callback-secret=" + DatabaseTest.CALLBACK_SECRET
        })
@ContextConfiguration(initializers = TestDatabase.class)
public @interface DatabaseTest {

    /** The callback secret of every provider in database tests. */
    String CALLBACK_SECRET = "test-callback-secret";
}
