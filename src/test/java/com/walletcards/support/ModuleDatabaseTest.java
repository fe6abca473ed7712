package com.walletcards.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Settings of a Spring Modulith module test ({@code @ApplicationModuleTest}) on a real database:
 * like {@link DatabaseTest}, the build runs it on H2 and again on PostgreSQL (tag
 * {@code database}). The test class gives itself a database of its own with a
 * {@link SeparateDatabase} initializer, since a module context runs only its own modules' jobs
 * and must not meet the executions of the JVM's full application contexts. No other test class
 * shares such a context, so it is closed when its class is done and its jobs stop polling.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("database")
@DirtiesContext
@ExtendWith(PostgresAvailability.class)
@TestPropertySource(
        properties = {
            "wallet.access.bootstrap-api-key=",
            "wallet.data-dir=target/test-data",
            // The local mode of every provider (LocalModes): module tests bring in-memory wallets
            // that claim it, or the provider module's own.
            "wallet.providers.settings.alpha.mode=local",
            "wallet.providers.settings.beta.mode=local",
            "wallet.providers.settings.eudiw.mode=local",
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
            "spring.datasource.hikari.connection-timeout=15000"
        })
public @interface ModuleDatabaseTest {}
