package com.walletcards.platform.web;

import com.walletcards.platform.database.DatabaseLink;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.web.ErrorBody;
import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.shared.web.PayloadTooLarge;
import com.walletcards.shared.web.RequestIds;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Maps every exception that reaches Spring MVC to the error envelope; nothing leaks. */
@RestControllerAdvice
public class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    private final ErrorResponses responses;
    private final DatabaseLink link;

    public ApiExceptionHandler(ErrorResponses responses, DatabaseLink link) {
        this.responses = responses;
        this.link = link;
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ErrorBody> api(ApiException e, HttpServletRequest request) {
        return responses.entity(request, e.code(), e.getMessage(), e.details());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e, HttpServletRequest request) {
        Throwable cause = e.getMostSpecificCause();
        if (cause instanceof PayloadTooLarge tooLarge) {
            return api(tooLarge, request);
        }
        if (cause instanceof UnrecognizedPropertyException unknown) {
            String field = JsonPaths.of(unknown);
            return responses.entity(
                    request,
                    ErrorCode.VALIDATION_FAILED,
                    "Unknown field " + field,
                    List.of(new FieldError(field, "is not a known field")));
        }
        if (cause instanceof DatabindException mismatch && !mismatch.getPath().isEmpty()) {
            String field = JsonPaths.of(mismatch);
            return responses.entity(
                    request,
                    ErrorCode.INVALID_JSON,
                    "Field " + field + " has the wrong JSON type",
                    List.of(new FieldError(field, "has the wrong JSON type")));
        }
        String message = cause instanceof JacksonException
                        || e.getMessage() == null
                        || e.getMessage().startsWith("Required request body")
                ? "The request body is missing or is not valid JSON"
                : "The request body is not valid JSON";
        return responses.entity(request, ErrorCode.INVALID_JSON, message, List.of());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ErrorBody> mediaType(HttpServletRequest request, HttpMediaTypeNotSupportedException e) {
        // Every route takes JSON except the few that say otherwise (CSV imports take text/csv).
        String expected = e.getSupportedMediaTypes().stream()
                .map(type -> type.getType() + "/" + type.getSubtype())
                .filter(type -> !type.equals("application/json"))
                .findFirst()
                .orElse("application/json");
        return responses.entity(
                request, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body must be " + expected, List.of());
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ErrorBody> notAcceptable(HttpServletRequest request) {
        // The envelope is JSON whatever the client accepts: a readable error beats an empty 406.
        return responses.entity(
                request, ErrorCode.VALIDATION_FAILED, "This endpoint answers application/json", List.of());
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ErrorBody> method(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        ResponseEntity<ErrorBody> body = responses.entity(
                request,
                ErrorCode.METHOD_NOT_ALLOWED,
                "Method " + e.getMethod() + " is not allowed on this path",
                List.of());
        String[] allowed = e.getSupportedMethods();
        return allowed == null
                ? body
                : ResponseEntity.status(body.getStatusCode())
                        .header(HttpHeaders.ALLOW, String.join(", ", allowed))
                        .body(body.getBody());
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<ErrorBody> noRoute(HttpServletRequest request) {
        return responses.entity(request, ErrorCode.NOT_FOUND, "No such endpoint", List.of());
    }

    /**
     * The security firewall checks parameter names and values only when they are first read, which
     * for a form body is inside the endpoint: a name with control characters is refused there.
     */
    @ExceptionHandler(RequestRejectedException.class)
    ResponseEntity<ErrorBody> rejected(HttpServletRequest request) {
        return responses.entity(
                request,
                ErrorCode.VALIDATION_FAILED,
                "The request is not acceptable: a parameter's name or value holds characters that are not allowed",
                List.of());
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ErrorBody> typeMismatch(MethodArgumentTypeMismatchException e, HttpServletRequest request) {
        return responses.entity(
                request,
                ErrorCode.VALIDATION_FAILED,
                e.getName() + " has an invalid value",
                List.of(new FieldError(e.getName(), "has an invalid value")));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ErrorBody> missingParameter(MissingServletRequestParameterException e, HttpServletRequest request) {
        return responses.entity(
                request,
                ErrorCode.VALIDATION_FAILED,
                e.getParameterName() + " is required",
                List.of(new FieldError(e.getParameterName(), "is required")));
    }

    /** Tomcat parses query parameters lazily and fails on a bad percent-encoding ({@code %zz}, {@code %FF}). */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<ErrorBody> badParameterEncoding(HttpServletRequest request) {
        return responses.entity(request, ErrorCode.VALIDATION_FAILED, ErrorEndpoint.BAD_PARAMETER_ENCODING, List.of());
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<ErrorBody> tooLarge(HttpServletRequest request) {
        return responses.entity(request, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large", List.of());
    }

    @ExceptionHandler(AccessDeniedException.class)
    ResponseEntity<ErrorBody> denied(HttpServletRequest request) {
        return responses.entity(
                request, ErrorCode.INSUFFICIENT_SCOPE, "The API key lacks the scope this endpoint needs", List.of());
    }

    @ExceptionHandler(Exception.class)
    @Nullable
    ResponseEntity<ErrorBody> unexpected(Exception e, HttpServletRequest request) {
        ErrorCode database = DatabaseOutage.answerTo(e, link);
        if (database != null) {
            DatabaseOutage.logAnswered(request, database, e);
            return responses.entity(request, database, DatabaseOutage.message(database), List.of());
        }
        if (DisconnectedClientHelper.isClientDisconnectedException(e)) {
            // The client closed the connection before reading the answer: nothing of ours failed,
            // and nothing can reach it any more.
            log.debug(
                    "The client of {} {} left before the answer was written (request {})",
                    request.getMethod(),
                    request.getRequestURI(),
                    RequestIds.of(request));
            return null;
        }
        log.error(
                "Unexpected failure of {} {} (request {})",
                request.getMethod(),
                request.getRequestURI(),
                RequestIds.of(request),
                e);
        return responses.entity(
                request,
                ErrorCode.INTERNAL_ERROR,
                "Something went wrong on our side; quote the requestId when reporting it",
                List.of());
    }
}
