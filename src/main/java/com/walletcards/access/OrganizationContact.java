package com.walletcards.access;

import org.jspecify.annotations.Nullable;

/**
 * How holders reach the organizer: invite emails answer to {@code email}, and the card pages show
 * all three. Validated by whoever builds it (the admin API, the bootstrap settings).
 *
 * @param url an absolute http or https address
 */
public record OrganizationContact(
        String email, @Nullable String phone, @Nullable String url) {}
