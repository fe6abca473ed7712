package com.walletcards.console.view;

import java.util.List;
import java.util.Map;

/**
 * The campaign form as the create and edit pages show it: the values by the API's dotted field
 * path, the ticked wallets, the metadata rows, and the errors by field path.
 */
public record CampaignFormView(
        boolean creating,
        String action,
        Map<String, String> values,
        List<String> providers,
        List<MetadataRow> metadata,
        Map<String, String> errors) {

    /** One metadata key and its value; both empty for a row still to fill in. */
    public record MetadataRow(String key, String value) {}

    public String value(String path) {
        return values.getOrDefault(path, "");
    }

    public boolean ticked(String provider) {
        return providers.contains(provider) || providers.contains("all");
    }

    public boolean invalid(String path) {
        return errors.containsKey(path);
    }

    public String error(String path) {
        return errors.getOrDefault(path, "");
    }
}
