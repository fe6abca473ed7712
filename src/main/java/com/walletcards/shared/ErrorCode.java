package com.walletcards.shared;

/** Every error code the API answers with, and the HTTP status that goes with it. */
public enum ErrorCode {
    INVALID_JSON(400),
    VALIDATION_FAILED(400),
    SETTING_LOCKED(400),
    INVALID_STATUS_TRANSITION(400),
    UNAUTHORIZED(401),
    INSUFFICIENT_SCOPE(403),
    NOT_FOUND(404),
    METHOD_NOT_ALLOWED(405),
    INVALID_STATE(409),
    RECIPIENT_EXISTS(409),
    IDEMPOTENCY_KEY_REUSED(409),
    IDEMPOTENCY_KEY_IN_USE(409),
    PAYLOAD_TOO_LARGE(413),
    UNSUPPORTED_MEDIA_TYPE(415),
    NOTIFICATION_LIMIT_EXCEEDED(429),
    RATE_LIMITED(429),
    INTERNAL_ERROR(500),
    SERVICE_UNAVAILABLE(503),
    SERVICE_BUSY(503);

    private final int httpStatus;

    ErrorCode(int httpStatus) {
        this.httpStatus = httpStatus;
    }

    public int httpStatus() {
        return httpStatus;
    }
}
