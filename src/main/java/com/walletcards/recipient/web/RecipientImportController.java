package com.walletcards.recipient.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.recipient.imports.RecipientImports;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** CSV imports of recipients: the upload answers 202 once every row is staged; a job adds them. */
@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}/recipients/imports", produces = "application/json")
class RecipientImportController {

    static final String UPSERT_BY_EXTERNAL_ID = "externalId";

    private final RecipientImports imports;

    RecipientImportController(RecipientImports imports) {
        this.imports = imports;
    }

    @PostMapping(consumes = "text/csv")
    @ResponseStatus(HttpStatus.ACCEPTED)
    @CampaignsWrite
    @io.swagger.v3.oas.annotations.Operation(
            operationId = "importRecipients",
            summary = "Import recipients from a CSV file",
            description = "A header row names the columns (email required; name, phone, externalId, locale; any other"
                    + " column goes into recipientData). UTF-8 with or without BOM, comma or semicolon. Answers 202 once the"
                    + " file is stored; a background job adds the rows in batches through the bulk-add path.")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = true,
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "text/csv",
                            schema = @io.swagger.v3.oas.annotations.media.Schema(type = "string")))
    Envelope<ImportView> upload(
            OrganizationId org,
            @PathVariable String campaignId,
            @io.swagger.v3.oas.annotations.Parameter(
                            description = "externalId: rows whose externalId exists update that recipient")
                    @RequestParam(required = false)
                    @Nullable
                    String upsert,
            @io.swagger.v3.oas.annotations.Parameter(
                            description = "Invite every added recipient by email once its card exists (default true)")
                    @RequestParam(required = false)
                    @Nullable
                    String sendEmail,
            HttpServletRequest request)
            throws IOException {
        Validation v = new Validation();
        if (upsert != null && !upsert.equals(UPSERT_BY_EXTERNAL_ID)) {
            v.reject("upsert", "must be externalId");
        }
        if (sendEmail != null && !sendEmail.equals("true") && !sendEmail.equals("false")) {
            v.reject("sendEmail", "must be true or false");
        }
        v.throwIfInvalid();
        requireUtf8(request.getContentType());
        RecipientImports.Options options =
                new RecipientImports.Options(upsert != null, sendEmail == null || Boolean.parseBoolean(sendEmail));
        try (CsvImportRows rows = CsvImportRows.open(request.getInputStream())) {
            return Envelope.of(ImportView.of(imports.receive(org, new CampaignId(campaignId), options, rows)));
        }
    }

    @GetMapping("/{importId}")
    @CampaignsRead
    @io.swagger.v3.oas.annotations.Operation(
            operationId = "getRecipientImport",
            summary = "Get an import's progress",
            description = "Status, row counts and the first 1,000 row errors by line number.")
    Envelope<ImportView> get(OrganizationId org, @PathVariable String campaignId, @PathVariable String importId) {
        return Envelope.of(ImportView.of(imports.get(org, new CampaignId(campaignId), importId)));
    }

    private static void requireUtf8(@Nullable String contentType) {
        String charset = contentType == null
                ? null
                : MediaType.parseMediaType(contentType).getParameter("charset");
        if (charset != null && !charset.replace("\"", "").equalsIgnoreCase(StandardCharsets.UTF_8.name())) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The CSV must be UTF-8 (charset=utf-8)");
        }
    }
}
