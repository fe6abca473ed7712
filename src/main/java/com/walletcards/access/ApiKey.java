package com.walletcards.access;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A stored API key: only its hash is kept, the plain key exists once, in the creation answer. Its
 * last use is known to the minute ({@code KeyUses}).
 */
public record ApiKey(
        String id,
        OrganizationId organizationId,
        @Nullable String name,
        String prefix,
        Set<Scope> scopes,
        Instant createdAt,
        @Nullable Instant revokedAt,
        @Nullable Instant lastUsedAt) {}
