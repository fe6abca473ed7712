package com.walletcards.campaign.web;

import com.walletcards.shared.Json;
import com.walletcards.shared.Validation;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Metadata is the caller's own key-value store: bounded so that it cannot grow without end. */
final class MetadataRules {

    static final int MAX_KEYS = 50;
    static final int MAX_JSON_CHARS = 16_384;

    private MetadataRules() {}

    static void check(@Nullable Map<String, ?> metadata, Validation v) {
        if (metadata == null) {
            return;
        }
        if (metadata.size() > MAX_KEYS) {
            v.reject("metadata", "must have at most " + MAX_KEYS + " keys");
        } else if (Json.write(metadata).length() > MAX_JSON_CHARS) {
            v.reject("metadata", "must be at most " + MAX_JSON_CHARS + " characters of JSON");
        }
    }
}
