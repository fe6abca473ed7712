package com.walletcards.audit;

import java.time.Instant;

/** One recorded write; {@code detail} is a small JSON object (field names, counts; never secrets). */
public record AuditEvent(String id, Instant at, AuditActor actor, String action, AuditTarget target, String detail) {}
