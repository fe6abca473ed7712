package com.walletcards.provider.openid4vci;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One credential configuration per campaign type (the campaign module's {@code CampaignType}:
 * this package may not depend on it, so the list is repeated here and a new type falls back to
 * the generic card).
 */
final class CredentialTypes {

    record Type(String campaignType, String configurationId, String name, String backgroundColor) {

        /** The configuration's type URL ({@code vct}), where its type metadata is served. */
        String vct(String issuer) {
            return issuer + "/wallet/eudiw/types/" + configurationId;
        }

        /** A campaign's own type URL: the configuration's, extended by the campaign's key. */
        String vct(String issuer, String typeKey) {
            return vct(issuer) + "/" + typeKey;
        }

        /**
         * A campaign's own configuration (ADR 0027): offered for its cards, so that the offered
         * configuration's {@code vct} is the credential's, which resolves to the campaign's look.
         */
        String configurationId(String typeKey) {
            return configurationId + CAMPAIGN_SEPARATOR + typeKey;
        }
    }

    /** Between a configuration id and a campaign's type key (never part of a Base64url key). */
    static final String CAMPAIGN_SEPARATOR = ".";

    /** A requested configuration: the type's generic one, or a campaign's (with its type key). */
    record Requested(Type type, @Nullable String typeKey) {}

    private static final Map<String, Type> BY_CAMPAIGN_TYPE = new LinkedHashMap<>();

    static {
        add(new Type("event", "event_ticket", "Event ticket", "#1D3557"));
        add(new Type("coupon", "coupon", "Coupon", "#9C2F2F"));
        add(new Type("loyalty", "loyalty_card", "Loyalty card", "#2A6F4E"));
        add(new Type("access", "access_pass", "Access pass", "#4B3F72"));
        add(new Type("generic", "wallet_card", "Wallet card", "#333333"));
    }

    private CredentialTypes() {}

    private static void add(Type type) {
        BY_CAMPAIGN_TYPE.put(type.campaignType(), type);
    }

    static Iterable<Type> all() {
        return BY_CAMPAIGN_TYPE.values();
    }

    static Type forCampaignType(String campaignType) {
        return BY_CAMPAIGN_TYPE.getOrDefault(campaignType, BY_CAMPAIGN_TYPE.get("generic"));
    }

    /** The type of a generic or a campaign's configuration id. */
    static Optional<Requested> requested(String id) {
        int at = id.indexOf(CAMPAIGN_SEPARATOR);
        if (at < 0) {
            return forConfigurationId(id).map(type -> new Requested(type, null));
        }
        String key = id.substring(at + 1);
        return forConfigurationId(id.substring(0, at)).map(type -> new Requested(type, key));
    }

    static Optional<Type> forConfigurationId(String id) {
        return BY_CAMPAIGN_TYPE.values().stream()
                .filter(t -> t.configurationId().equals(id))
                .findFirst();
    }
}
