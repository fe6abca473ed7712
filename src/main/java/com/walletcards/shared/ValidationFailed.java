package com.walletcards.shared;

import java.util.List;

/** The input broke one or more rules; each detail names the field. */
public class ValidationFailed extends ApiException {

    public ValidationFailed(List<FieldError> details) {
        super(ErrorCode.VALIDATION_FAILED, summary(details), details);
    }

    public static ValidationFailed of(String field, String message) {
        return new ValidationFailed(List.of(new FieldError(field, message)));
    }

    private static String summary(List<FieldError> details) {
        if (details.size() == 1) {
            return details.get(0).field() + ": " + details.get(0).message();
        }
        return details.size() + " fields are invalid";
    }
}
