package com.walletcards.shared;

import java.util.List;

/**
 * A failure the client can act on. Modules throw subclasses named as facts ({@code
 * CampaignNotFound}); the web layer turns every one into the error envelope.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final List<FieldError> details;

    public ApiException(ErrorCode code, String message) {
        this(code, message, List.of());
    }

    public ApiException(ErrorCode code, String message, List<FieldError> details) {
        super(message, null, false, false);
        this.code = code;
        this.details = List.copyOf(details);
    }

    public ErrorCode code() {
        return code;
    }

    public List<FieldError> details() {
        return details;
    }
}
