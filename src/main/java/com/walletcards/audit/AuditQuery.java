package com.walletcards.audit;

import com.walletcards.shared.Page;
import org.jspecify.annotations.Nullable;

/** A page of one organization's events, optionally only one actor's and one target's. */
public record AuditQuery(@Nullable String actorId, @Nullable String targetId, Page page) {}
