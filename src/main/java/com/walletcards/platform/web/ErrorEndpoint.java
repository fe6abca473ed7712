package com.walletcards.platform.web;

import com.walletcards.platform.database.DatabaseLink;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorBody;
import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.shared.web.PayloadTooLarge;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Replaces Spring Boot's whitelabel error page: whatever the container forwards here (an error
 * thrown in a filter, a rejected request line) still answers with the error envelope.
 */
@RestController
class ErrorEndpoint implements ErrorController {

    static final String BAD_PARAMETER_ENCODING =
            "A query parameter is not valid percent-encoded UTF-8; encode it before sending";

    private final ErrorResponses responses;
    private final DatabaseLink link;

    ErrorEndpoint(ErrorResponses responses, DatabaseLink link) {
        this.responses = responses;
        this.link = link;
    }

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<ErrorBody> error(HttpServletRequest request) {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object exception = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        ErrorCode database = DatabaseOutage.answerTo(exception instanceof Throwable t ? t : null, link);
        if (database != null) {
            return responses.entity(request, database, DatabaseOutage.message(database), List.of());
        }
        if (exception instanceof PayloadTooLarge) {
            return responses.entity(request, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large", List.of());
        }
        if (exception instanceof InvalidParameterException) {
            return responses.entity(request, ErrorCode.VALIDATION_FAILED, BAD_PARAMETER_ENCODING, List.of());
        }
        int code = status instanceof Integer i ? i : 500;
        ErrorCode mapped = code == 400 ? ErrorCode.INVALID_JSON : codeOf(code, ErrorCode.INTERNAL_ERROR);
        String message = mapped == ErrorCode.INTERNAL_ERROR
                ? "Something went wrong on our side"
                : "The request could not be served";
        return responses.entity(request, mapped, message, List.of());
    }

    /** The contract's code for a status that has exactly one, or {@code otherwise}. */
    static ErrorCode codeOf(int status, ErrorCode otherwise) {
        return switch (status) {
            case 401 -> ErrorCode.UNAUTHORIZED;
            case 403 -> ErrorCode.INSUFFICIENT_SCOPE;
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            default -> otherwise;
        };
    }
}
