package com.walletcards.access;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A validated change to an organization: null fields stay as they are, except {@code contact},
 * which {@code contactGiven} sets (to a value, or to null to remove it).
 */
public record OrganizationChanges(
        @Nullable String name,
        boolean contactGiven,
        @Nullable OrganizationContact contact,
        @Nullable Locale defaultLocale) {}
