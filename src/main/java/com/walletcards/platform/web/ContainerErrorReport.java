package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.Ids;
import com.walletcards.shared.web.ErrorBody;
import com.walletcards.shared.web.RequestIds;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's last word on a failed request, replacing its HTML error page with the error envelope.
 * It only speaks when nothing else did: requests the container refuses before any filter or
 * controller sees them (an encoded NUL, slash or backslash in the path, a malformed request
 * line, oversized headers), which therefore have no request id yet.
 */
final class ContainerErrorReport extends ErrorReportValve {

    private static final Logger log = LoggerFactory.getLogger(ContainerErrorReport.class);
    private final JsonMapper mapper;

    ContainerErrorReport(JsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return; // a success, or an answer the application already wrote
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return; // the connection is already gone
        }
        ErrorCode code = codeFor(status);
        String requestId = response.getHeader(RequestIds.HEADER);
        if (requestId == null) {
            requestId = Ids.newId("req");
            response.setHeader(RequestIds.HEADER, requestId);
        }
        try {
            response.setStatus(code.httpStatus());
            response.setHeader(DefaultContentSecurityPolicy.HEADER, DefaultContentSecurityPolicy.STRICT);
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(
                        mapper.writeValueAsString(ErrorBody.of(code.name(), messageFor(code), List.of(), requestId)));
                response.finishResponse();
            }
        } catch (IOException | RuntimeException e) {
            log.debug("Could not write the error envelope for status {} (request {})", status, requestId, e);
        }
    }

    /**
     * The container's own refusals are the client's fault, whatever status Tomcat picked for them
     * (414, 431, 501 for an unknown transfer coding, 505 for an unknown protocol): they become 400
     * {@code VALIDATION_FAILED}, so bad input never looks like a server failure.
     */
    static ErrorCode codeFor(int status) {
        boolean clientFault = status < 500 || status == 501 || status == 505;
        return ErrorEndpoint.codeOf(status, clientFault ? ErrorCode.VALIDATION_FAILED : ErrorCode.INTERNAL_ERROR);
    }

    private static String messageFor(ErrorCode code) {
        return switch (code) {
            case VALIDATION_FAILED ->
                "The request is malformed: its request line, path, or headers are not acceptable"
                        + " (an encoded NUL, slash, backslash or semicolon in the path, bad percent-encoding,"
                        + " or headers that are too large)";
            case NOT_FOUND -> "No such endpoint";
            case INTERNAL_ERROR -> "Something went wrong on our side; quote the requestId when reporting it";
            default -> "The request could not be served";
        };
    }
}
