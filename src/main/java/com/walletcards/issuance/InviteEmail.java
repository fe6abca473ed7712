package com.walletcards.issuance;

import org.jspecify.annotations.Nullable;

/** The caller's wording of an invitation email; any part may be left to the defaults. */
public record InviteEmail(
        @Nullable String subject,
        @Nullable String body,
        @Nullable String buttonText) {

    static final InviteEmail DEFAULT = new InviteEmail(null, null, null);
}
