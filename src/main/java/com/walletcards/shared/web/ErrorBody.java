package com.walletcards.shared.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.walletcards.shared.FieldError;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The failure envelope: {@code {"success": false, "error": {...}}}. */
public record ErrorBody(boolean success, Error error) {

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @Schema(name = "ApiError")
    public record Error(String code, String message, List<FieldError> details, String requestId) {}

    public static ErrorBody of(String code, String message, List<FieldError> details, String requestId) {
        return new ErrorBody(false, new Error(code, message, details, requestId));
    }
}
