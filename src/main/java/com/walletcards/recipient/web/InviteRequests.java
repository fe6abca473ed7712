package com.walletcards.recipient.web;

import com.walletcards.recipient.InviteEmail;
import com.walletcards.shared.Page;
import com.walletcards.shared.Validation;
import org.jspecify.annotations.Nullable;

/** Bodies of the invite endpoints. */
final class InviteRequests {

    private InviteRequests() {}

    /** {@code email}: the wording of the invitation; placeholders such as {{name}} are filled in. */
    record EmailWording(
            @Nullable String subject,
            @Nullable String body,
            @Nullable String buttonText) {
        InviteEmail validated(Validation v) {
            return new InviteEmail(
                    v.optionalText("email.subject", subject, 200),
                    v.optionalText("email.body", body, 10_000),
                    v.optionalText("email.buttonText", buttonText, 100));
        }
    }

    record Invite(@Nullable Boolean sendEmail, @Nullable EmailWording email) {
        boolean emails() {
            return sendEmail != null && sendEmail;
        }

        InviteEmail wording() {
            Validation v = new Validation();
            InviteEmail wording = email == null ? new InviteEmail(null, null, null) : email.validated(v);
            v.throwIfInvalid();
            return wording;
        }
    }

    record BulkInvite(
            @Nullable Boolean sendEmail,
            @Nullable Integer limit,
            @Nullable EmailWording email) {
        boolean emails() {
            return sendEmail == null || sendEmail;
        }

        int validLimit(Validation v) {
            if (limit == null) {
                return Page.MAX_LIMIT;
            }
            if (limit < 1 || limit > Page.MAX_LIMIT) {
                v.reject("limit", "must be between 1 and " + Page.MAX_LIMIT);
            }
            return limit;
        }

        InviteEmail wording(Validation v) {
            return email == null ? new InviteEmail(null, null, null) : email.validated(v);
        }
    }
}
