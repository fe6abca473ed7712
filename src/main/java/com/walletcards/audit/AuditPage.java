package com.walletcards.audit;

import java.util.List;

/** Events newest first, and how many match the query in all. */
public record AuditPage(List<AuditEvent> events, long total) {}
