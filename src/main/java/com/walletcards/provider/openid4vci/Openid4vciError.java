package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An error answered in the protocol's own form ({@code {"error", "error_description"}}, RFC 6749
 * §5.2 and OpenID4VCI §8.3.1), since wallets read these codes, not the service's API envelope.
 */
final class Openid4vciError extends RuntimeException {

    /** The error's JSON body. */
    record Body(
            String error, @JsonProperty("error_description") String errorDescription) {}

    private final int status;
    private final String code;

    Openid4vciError(int status, String code, String description) {
        super(description, null, false, false);
        this.status = status;
        this.code = code;
    }

    static Openid4vciError badRequest(String code, String description) {
        return new Openid4vciError(400, code, description);
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }

    Body body() {
        return new Body(code, getMessage());
    }
}
