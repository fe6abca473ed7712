package com.walletcards.issuance.web;

import com.walletcards.issuance.InviteEmail;
import com.walletcards.shared.Page;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** Bodies of the invite endpoints. */
final class InviteRequests {

    private InviteRequests() {}

    /** {@code email}: the wording of the invitation; placeholders such as {{name}} are filled in. */
    @Schema(
            name = "InviteEmailWording",
            description = "Placeholders {{name}}, {{email}}, {{eventName}}, {{campaignName}}, {{venue}},"
                    + " {{startDate}}, {{downloadUrl}} are filled in; missing parts use the default wording")
    record EmailWording(
            @Schema(maxLength = 200, example = "Hi {{name}}, your ticket") @Nullable
            String subject,

            @Schema(maxLength = 10_000, example = "See you at {{eventName}} in {{venue}}") @Nullable
            String body,

            @Schema(maxLength = 100, example = "Add to Wallet") @Nullable
            String buttonText) {
        InviteEmail validated(Validation v) {
            return InviteEmail.validated(subject, body, buttonText, v);
        }
    }

    @Schema(name = "InviteRequest")
    record Invite(
            @Schema(description = "Also send the invitation email", defaultValue = "false") @Nullable
            Boolean sendEmail,

            @Nullable EmailWording email) {
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

    @Schema(name = "BulkInviteRequest")
    record BulkInvite(
            @Schema(description = "Also send the invitation emails", defaultValue = "true") @Nullable
            Boolean sendEmail,

            @Schema(
                    description = "How many recipients to invite at most",
                    minimum = "1",
                    maximum = "100",
                    defaultValue = "100")
            @Nullable
            Integer limit,

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
