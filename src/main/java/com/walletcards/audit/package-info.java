/**
 * The audit trail: one event per write, by a console user or an API key, per organization (ADR
 * 0040). The API's writes are recorded by a filter before their answer leaves the service; the
 * console records its own writes through {@link com.walletcards.audit.AuditTrail}.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "access"})
@org.jspecify.annotations.NullMarked
package com.walletcards.audit;
