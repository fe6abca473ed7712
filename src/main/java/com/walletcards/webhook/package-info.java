/**
 * Webhooks: subscriptions to the domain's external events, a transactional outbox, signed
 * deliveries (Standard Webhooks) with retries, and the log of every delivery attempt. Depends on
 * no domain module: it listens for {@link com.walletcards.shared.ExternalEvent} (and batches of them,
 * {@link com.walletcards.shared.ExternalEvents}) alone.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "access"})
@org.jspecify.annotations.NullMarked
package com.walletcards.webhook;
