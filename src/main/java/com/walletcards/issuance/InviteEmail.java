package com.walletcards.issuance;

import com.walletcards.shared.Validation;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The caller's wording of an invitation email; any part may be left to the defaults. */
public record InviteEmail(
        @Nullable String subject,
        @Nullable String body,
        @Nullable String buttonText) {

    static final InviteEmail DEFAULT = new InviteEmail(null, null, null);

    /** The placeholders a subject, body or button text may use, as {@code {{name}}}; others stay as written. */
    public static final List<String> PLACEHOLDERS =
            List.of("name", "email", "eventName", "campaignName", "venue", "startDate", "downloadUrl");

    /** The wording with the API's limits (subject 200, body 10,000, button 100 characters), errors into {@code v}. */
    public static InviteEmail validated(
            @Nullable String subject, @Nullable String body, @Nullable String buttonText, Validation v) {
        return new InviteEmail(
                v.optionalText("email.subject", subject, 200),
                v.optionalText("email.body", body, 10_000),
                v.optionalText("email.buttonText", buttonText, 100));
    }
}
