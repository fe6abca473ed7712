package com.walletcards.console.view;

/** One line of the audit page: time already in the reader's language, actor and target as recorded. */
public record AuditRow(
        String at,
        String actorType,
        String actorId,
        String actorName,
        String action,
        String targetType,
        String targetId) {}
