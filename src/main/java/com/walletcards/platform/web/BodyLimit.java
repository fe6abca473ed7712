package com.walletcards.platform.web;

import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.web.ErrorResponses;
import com.walletcards.shared.web.LargeBodyRoute;
import com.walletcards.shared.web.PayloadTooLarge;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses bodies above the limit with 413: at once when Content-Length says so, and while
 * reading when the body is chunked, so a client cannot stream an unbounded body into memory.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class BodyLimit extends OncePerRequestFilter {

    private final long generalMaxBytes;
    private final List<LargeBodyRoute> largeBodyRoutes;
    private final ErrorResponses errors;

    public BodyLimit(
            @Value("${wallet.http.max-body-bytes:2097152}") long maxBytes,
            ObjectProvider<LargeBodyRoute> largeBodyRoutes,
            ErrorResponses errors) {
        this.generalMaxBytes = maxBytes;
        this.largeBodyRoutes = largeBodyRoutes.orderedStream().toList();
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long maxBytes = largeBodyRoutes.stream()
                .filter(route -> route.matches(request))
                .mapToLong(LargeBodyRoute::maxBytes)
                .findFirst()
                .orElse(generalMaxBytes);
        if (request.getContentLengthLong() > maxBytes) {
            errors.write(
                    request,
                    response,
                    ErrorCode.PAYLOAD_TOO_LARGE,
                    "The request body is larger than " + maxBytes + " bytes");
            return;
        }
        chain.doFilter(mayHaveBody(request) ? new Limited(request, maxBytes) : request, response);
    }

    /**
     * A request has a body only with a Content-Length above zero or a Transfer-Encoding (RFC 9112
     * §6.3); the others pass unwrapped, so that every later read of the request (method, headers,
     * attributes) does not go through one more wrapper.
     */
    private static boolean mayHaveBody(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        return length > 0 || (length < 0 && request.getHeader("Transfer-Encoding") != null);
    }

    private static final class Limited extends HttpServletRequestWrapper {
        private final long max;
        private ServletInputStream stream;

        Limited(HttpServletRequest request, long max) {
            super(request);
            this.max = max;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new Counting(super.getInputStream(), max);
            }
            return stream;
        }
    }

    private static final class Counting extends ServletInputStream {
        private final ServletInputStream in;
        private final long max;
        private long count;

        Counting(ServletInputStream in, long max) {
            this.in = in;
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            count += n;
            if (count > max) {
                throw new PayloadTooLarge(max);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
