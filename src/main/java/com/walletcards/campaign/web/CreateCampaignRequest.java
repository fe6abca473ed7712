package com.walletcards.campaign.web;

import com.walletcards.campaign.CampaignData;
import com.walletcards.campaign.CampaignType;
import com.walletcards.campaign.NewCampaign;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Validation;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/campaigns}. */
record CreateCampaignRequest(
        @Nullable String name,
        @Nullable String campaignType,
        @Nullable Map<String, Object> campaignData,
        @Nullable String startDate,
        @Nullable String endDate,
        @Nullable String timezone,
        @Nullable List<String> providerTypes,
        @Nullable Map<String, Object> metadata) {

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
