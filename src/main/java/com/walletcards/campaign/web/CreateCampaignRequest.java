package com.walletcards.campaign.web;

import com.walletcards.campaign.CampaignData;
import com.walletcards.campaign.CampaignType;
import com.walletcards.campaign.NewCampaign;
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
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/campaigns}; the annotations document what {@link #validated} enforces. */
record CreateCampaignRequest(
        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                minLength = 1,
                maxLength = 200,
                pattern = "\\S",
                example = "Summer Summit")
        @Nullable
        String name,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, implementation = CampaignType.class, example = "event")
        @Nullable
        String campaignType,

        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, implementation = CampaignDataDocument.class) @Nullable
        Map<String, Object> campaignData,

        @Schema(format = "date", description = "First day (YYYY-MM-DD)", example = "2031-07-01") @Nullable
        String startDate,

        @Schema(format = "date", description = "Last day (YYYY-MM-DD), not before startDate", example = "2031-07-02")
        @Nullable
        String endDate,

        @Schema(description = "IANA time zone of the campaign", example = "Europe/Berlin", defaultValue = "UTC")
        @Nullable
        String timezone,

        @ArraySchema(
                schema = @Schema(ref = ApiSchemas.PROVIDER_TYPE),
                minItems = 1,
                uniqueItems = true,
                arraySchema =
                        @Schema(
                                description = "Wallet providers the cards are issued for; all (the"
                                        + " default) means every provider"))
        @Nullable
        List<String> providerTypes,

        @Schema(
                description = "Your own key-value data: at most 50 keys and 16 KB of JSON",
                maxProperties = MetadataRules.MAX_KEYS)
        @Nullable
        Map<String, Object> metadata) {

    NewCampaign validated() {
        Validation v = new Validation();
        String validName = v.requiredText("name", name, 200);
        CampaignType type =
                v.oneOf("campaignType", campaignType, CampaignType.class, EnumSet.allOf(CampaignType.class));
        if (campaignType == null) {
            v.reject("campaignType", "is required");
        }
        if (campaignData == null) {
            v.reject("campaignData", "is required");
        } else {
            CampaignData.check(campaignData, v);
        }
        LocalDate start = v.date("startDate", startDate);
        LocalDate end = v.date("endDate", endDate);
        ZoneId zone = v.timezone("timezone", timezone);
        List<String> providers = ProviderTypes.validate("providerTypes", providerTypes, v);
        MetadataRules.check(metadata, v);
        v.throwIfInvalid();
        return new NewCampaign(
                validName,
                type,
                campaignData,
                start,
                end,
                zone,
                providers == null ? List.of() : providers,
                metadata == null ? Map.of() : metadata);
    }
}
