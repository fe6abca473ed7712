package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

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
    /** The {@code WWW-Authenticate} challenges of a 401 (RFC 6750 §3, RFC 9449 §7.1); empty: a Bearer one. */
    private final List<String> challenges;

    Openid4vciError(int status, String code, String description) {
        this(status, code, description, List.of());
    }

    Openid4vciError(int status, String code, String description, List<String> challenges) {
        super(description, null, false, false);
        this.status = status;
        this.code = code;
        this.challenges = challenges;
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

    List<String> challenges() {
        return challenges.isEmpty() ? List.of("Bearer error=\"" + code + "\"") : challenges;
    }

    Body body() {
        return new Body(code, getMessage());
    }
}
