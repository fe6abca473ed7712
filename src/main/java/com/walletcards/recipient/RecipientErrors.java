package com.walletcards.recipient;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.NotFound;
import java.util.List;

/** Failures named as facts. */
final class RecipientErrors {

    private RecipientErrors() {}

    static final class RecipientNotFound extends NotFound {
        RecipientNotFound() {
            super("Recipient");
        }
    }

    static final class RecipientExists extends ApiException {
        RecipientExists() {
            super(
                    ErrorCode.RECIPIENT_EXISTS,
                    "A recipient with this email already exists in the campaign",
                    List.of(new FieldError("email", "is already used by another recipient of this campaign")));
        }
    }
}
