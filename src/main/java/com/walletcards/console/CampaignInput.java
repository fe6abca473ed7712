package com.walletcards.console;

import com.walletcards.campaign.CampaignChanges;
import com.walletcards.campaign.CampaignData;
import com.walletcards.campaign.CampaignType;
import com.walletcards.campaign.NewCampaign;
import com.walletcards.shared.Json;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.Validation;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the console's campaign forms into what the campaign module's operations take, with the
 * checks the API's request readers make (same field names, same messages), so that a form shows
 * the errors the API would answer. The aggregate's own checks (campaignData, dates) come on top,
 * from {@link com.walletcards.campaign.CampaignManagement} itself.
 */
final class CampaignInput {

    /** The API's top-level fields a change may carry (the PATCH body's, without status). */
    static final List<String> TOP_LEVEL = List.of(
            "name", "campaignType", "startDate", "endDate", "timezone", "providerTypes", "campaignData", "metadata");

    /** As the API's metadata rules: at most 50 keys and 16 KB of JSON. */
    static final int MAX_METADATA_KEYS = 50;

    static final int MAX_METADATA_JSON = 16_384;

    private CampaignInput() {}

    /** A create form's body (a nested map as the API's JSON would be) as a validated new campaign. */
    static NewCampaign newCampaign(Map<String, @Nullable Object> body) {
        Validation v = new Validation();
        String name = v.requiredText("name", (String) body.get("name"), 200);
        String rawType = (String) body.get("campaignType");
        CampaignType type = v.oneOf("campaignType", rawType, CampaignType.class, EnumSet.allOf(CampaignType.class));
        if (rawType == null) {
            v.reject("campaignType", "is required");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) body.getOrDefault("campaignData", Map.of());
        CampaignData.check(data, v);
        LocalDate start = v.date("startDate", (String) body.get("startDate"));
        LocalDate end = v.date("endDate", (String) body.get("endDate"));
        ZoneId zone = v.timezone("timezone", (String) body.get("timezone"));
        @SuppressWarnings("unchecked")
        List<String> providers = ProviderTypes.validate("providerTypes", (List<String>) body.get("providerTypes"), v);
        @SuppressWarnings("unchecked")
        Map<String, Object> metadata = (Map<String, Object>) body.getOrDefault("metadata", Map.of());
        checkMetadata(metadata, v);
        v.throwIfInvalid();
        return new NewCampaign(name, type, data, start, end, zone, providers == null ? List.of() : providers, metadata);
    }

    /** A change (PATCH-shaped map) as the campaign module's changes; errors as the API's PATCH gives them. */
    @SuppressWarnings("unchecked")
    static CampaignChanges changes(Map<String, @Nullable Object> patch) {
        Validation v = new Validation();
        String name = patch.containsKey("name") ? v.requiredText("name", (String) patch.get("name"), 200) : null;
        CampaignType type = null;
        if (patch.containsKey("campaignType")) {
            String raw = (String) patch.get("campaignType");
            if (raw == null) {
                v.reject("campaignType", "cannot be null");
            }
            type = v.oneOf("campaignType", raw, CampaignType.class, EnumSet.allOf(CampaignType.class));
        }
        LocalDate start = v.date("startDate", (String) patch.get("startDate"));
        LocalDate end = v.date("endDate", (String) patch.get("endDate"));
        ZoneId zone = null;
        if (patch.containsKey("timezone")) {
            String raw = (String) patch.get("timezone");
            if (raw == null) {
                v.reject("timezone", "cannot be null");
            }
            zone = v.timezone("timezone", raw);
        }
        List<String> providers = patch.containsKey("providerTypes")
                ? ProviderTypes.validate("providerTypes", (List<String>) patch.get("providerTypes"), v)
                : null;
        Map<String, @Nullable Object> metadata = (Map<String, @Nullable Object>) patch.get("metadata");
        if (metadata != null) {
            checkMetadata(metadata, v);
        }
        v.throwIfInvalid();
        return new CampaignChanges(
                name,
                type,
                (Map<String, @Nullable Object>) patch.get("campaignData"),
                patch.containsKey("startDate"),
                start,
                patch.containsKey("endDate"),
                end,
                zone,
                providers,
                metadata,
                null);
    }

    /**
     * Checks what the aggregate will check when the change is applied, without applying it: the
     * merged campaignData and the dates. The summary page is shown only for a change that would pass.
     */
    @SuppressWarnings("unchecked")
    static void checkMerged(Map<String, Object> merged) {
        Validation v = new Validation();
        Map<String, Object> data = new LinkedHashMap<>((Map<String, Object>) merged.get("campaignData"));
        data.put("timezone", merged.get("timezone"));
        CampaignData.check(data, v);
        Object start = merged.get("startDate");
        Object end = merged.get("endDate");
        if (end != null && start == null) {
            v.reject("startDate", "is required when endDate is set");
        }
        if (start instanceof String s && end instanceof String e && e.compareTo(s) < 0) {
            v.reject("endDate", "must not be before startDate");
        }
        Map<String, Object> metadata = (Map<String, Object>) merged.get("metadata");
        checkMetadata(metadata, v);
        v.throwIfInvalid();
    }

    private static void checkMetadata(Map<String, ?> metadata, Validation v) {
        if (metadata.size() > MAX_METADATA_KEYS) {
            v.reject("metadata", "must have at most " + MAX_METADATA_KEYS + " keys");
        } else if (Json.write(metadata).length() > MAX_METADATA_JSON) {
            v.reject("metadata", "must be at most " + MAX_METADATA_JSON + " characters of JSON");
        }
    }

    /** A list of the errors' field names without index: {@code providerTypes[0]} is {@code providerTypes}. */
    static String formField(String apiField) {
        int bracket = apiField.indexOf('[');
        return bracket < 0 ? apiField : apiField.substring(0, bracket);
    }
}
