package com.walletcards.console;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;

/** A person who signs in to the console for one organization. */
record ConsoleUser(String id, OrganizationId organizationId, String email, String name, Role role, Instant createdAt) {}
