package com.walletcards.recipient.web;

import com.walletcards.recipient.imports.ImportProperties;
import com.walletcards.shared.web.LargeBodyRoute;
import jakarta.servlet.http.HttpServletRequest;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/** Import uploads may be as large as {@code WALLET_IMPORT_MAX_BYTES}: they are streamed, not buffered. */
@Component
class ImportBodyLimit implements LargeBodyRoute {

    private static final Pattern IMPORTS = Pattern.compile("^/v1/campaigns/[^/]+/recipients/imports/?$");

    private final ImportProperties properties;

    ImportBodyLimit(ImportProperties properties) {
        this.properties = properties;
    }

    @Override
    public boolean matches(HttpServletRequest request) {
        return "POST".equals(request.getMethod())
                && IMPORTS.matcher(request.getRequestURI()).matches();
    }

    @Override
    public long maxBytes() {
        return properties.maxBytes();
    }
}
