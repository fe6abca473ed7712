package com.walletcards.console;

import com.walletcards.recipient.RecipientCsvImports;
import com.walletcards.shared.web.LargeBodyRoute;
import jakarta.servlet.http.HttpServletRequest;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/** A console import upload may be as large as the API's import ({@code WALLET_IMPORT_MAX_BYTES}): it is streamed to a file. */
@Component
class ImportUploadLimit implements LargeBodyRoute {

    private static final Pattern UPLOAD = Pattern.compile("^/console/campaigns/[^/]+/imports/upload/?$");

    /** Room for the form's part headers around the file. */
    private static final long ENVELOPE = 64 * 1024;

    private final RecipientCsvImports imports;

    ImportUploadLimit(RecipientCsvImports imports) {
        this.imports = imports;
    }

    @Override
    public boolean matches(HttpServletRequest request) {
        return "POST".equals(request.getMethod())
                && UPLOAD.matcher(request.getRequestURI()).matches();
    }

    @Override
    public long maxBytes() {
        return imports.maxBytes() + ENVELOPE;
    }
}
