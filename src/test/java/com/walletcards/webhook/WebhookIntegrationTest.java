package com.walletcards.webhook;

import com.walletcards.support.DatabaseTest;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * A {@link DatabaseTest} of webhook delivery against receivers on 127.0.0.1: private targets are
 * allowed, timeouts and retries are short, and the clock can be moved.
 *
 * <p>It runs on a database of its own. Every application context in the test JVM runs a delivery
 * worker; sharing the database with contexts that refuse private targets (or use the production
 * retry schedule) would let their workers claim these deliveries.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@DatabaseTest
@ContextConfiguration(initializers = OwnTestDatabase.class)
@TestPropertySource(
        properties = {
            "wallet.webhooks.allow-private-targets=true",
            "wallet.webhooks.request-timeout=1s",
            "wallet.webhooks.retry-delays=100ms,200ms,300ms,400ms,500ms",
            "wallet.webhooks.jitter=0",
            "wallet.webhooks.poll-interval=100ms"
        })
@Import(MovableClock.Configuration.class)
@interface WebhookIntegrationTest {}
