package com.walletcards.access;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;

/** An account's single organization: the owner of every campaign and key. */
public record Organization(OrganizationId id, String name, Instant createdAt) {}
