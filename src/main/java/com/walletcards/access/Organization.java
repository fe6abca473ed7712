package com.walletcards.access;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * An account's single organization: the owner of every campaign and key.
 *
 * @param contact how holders reach the organizer; null until set
 * @param defaultLocale the language of invite emails and card pages for recipients without one of
 *     their own (English or German)
 */
public record Organization(
        OrganizationId id,
        String name,
        @Nullable OrganizationContact contact,
        Locale defaultLocale,
        Instant createdAt) {}
