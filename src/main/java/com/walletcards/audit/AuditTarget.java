package com.walletcards.audit;

/** What was acted on: a type ({@code campaign}, {@code recipient}, ...) and its id. */
public record AuditTarget(String type, String id) {}
