package com.walletcards.campaign.web;

import com.walletcards.campaign.CampaignChanges;
import com.walletcards.campaign.CampaignType;
import com.walletcards.shared.PatchDocument;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.ApiSchemas;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Reads a {@code PATCH /v1/campaigns/{id}} body into validated changes. */
final class CampaignPatch {

    static final Set<String> FIELDS = Set.of(
            "name",
            "campaignType",
            "campaignData",
            "startDate",
            "endDate",
            "timezone",
            "providerTypes",
            "metadata",
            "status");

    private CampaignPatch() {}

    /** The documented shape of the PATCH body: every field optional, checked as {@link #read} checks it. */
    @Schema(
            description = "Only the fields present change. campaignData and metadata are merged key by key; a"
                    + " null value removes that key.")
    record PatchCampaignRequest(
            @Schema(minLength = 1, maxLength = 200, pattern = "\\S", example = "Summer Summit 2031") @Nullable
            String name,

            @Schema(implementation = CampaignType.class) @Nullable
            String campaignType,

            @Schema(implementation = CampaignDataDocument.class) @Nullable
            Map<String, Object> campaignData,

            @Schema(
                    format = "date",
                    types = {"string", "null"},
                    description = "null clears it")
            @Nullable
            String startDate,

            @Schema(
                    format = "date",
                    types = {"string", "null"},
                    description = "null clears it")
            @Nullable
            String endDate,

            @Schema(description = "IANA time zone", example = "Europe/Berlin") @Nullable
            String timezone,

            @ArraySchema(schema = @Schema(ref = ApiSchemas.PROVIDER_TYPE), minItems = 1, uniqueItems = true) @Nullable
            List<String> providerTypes,

            @Schema(description = "Merged key by key; null removes a key", maxProperties = MetadataRules.MAX_KEYS)
            @Nullable
            Map<String, Object> metadata,

            @Schema(
                    allowableValues = {"draft", "active", "archived"},
                    description = "active or archived from any status; draft only from archived. completed"
                            + " is reached by the event ending, never by PATCH.")
            @Nullable
            String status) {}

    static CampaignChanges read(@Nullable Map<String, @Nullable Object> body) {
        PatchDocument doc = PatchDocument.of(body, FIELDS);
        Validation v = new Validation();
        String name = doc.has("name") ? v.requiredText("name", doc.string("name"), 200) : null;
        CampaignType type = doc.has("campaignType")
                ? v.oneOf(
                        "campaignType",
                        require(doc, "campaignType", v),
                        CampaignType.class,
                        EnumSet.allOf(CampaignType.class))
                : null;
        Map<String, @Nullable Object> data = doc.object("campaignData");
        LocalDate start = v.date("startDate", doc.string("startDate"));
        LocalDate end = v.date("endDate", doc.string("endDate"));
        ZoneId zone = doc.has("timezone") ? v.timezone("timezone", require(doc, "timezone", v)) : null;
        List<String> providers = doc.has("providerTypes")
                ? ProviderTypes.validate("providerTypes", requireList(doc, "providerTypes", v), v)
                : null;
        Map<String, @Nullable Object> metadata = doc.object("metadata");
        MetadataRules.check(metadata, v);
        String status = doc.has("status") ? require(doc, "status", v) : null;
        v.throwIfInvalid();
        return new CampaignChanges(
                name,
                type,
                data,
                doc.has("startDate"),
                start,
                doc.has("endDate"),
                end,
                zone,
                providers,
                metadata,
                status);
    }

    private static @Nullable String require(PatchDocument doc, String field, Validation v) {
        String value = doc.string(field);
        if (value == null) {
            v.reject(field, "cannot be null");
        }
        return value;
    }

    private static @Nullable List<String> requireList(PatchDocument doc, String field, Validation v) {
        List<String> value = doc.strings(field);
        if (value == null) {
            v.reject(field, "cannot be null");
        }
        return value;
    }
}
