package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * A campaign's own credential type: its {@code vct} is the configuration's type URL plus a key
 * (an HMAC of the campaign id under a key derived from the issuer key), and the type metadata
 * there carries the campaign design's colours and logo and {@code extends} the configuration's
 * type. A campaign's cards are offered under its own configuration with that {@code vct}, listed
 * in the issuer metadata once an offer was opened (ADR 0027).
 */
final class CampaignTypes {

    /** What a wallet shows for the campaign's credentials. */
    record Display(
            String configurationId,
            String name,
            @Nullable String description,
            String backgroundColor,
            String textColor,
            @Nullable String logoUri,
            @Nullable String logoAltText,
            @Nullable String organizationName) {}

    private final CampaignTypeQueries store;
    private final SecretKeySpec key;
    /** The display last stored per type key, so issuing writes only when the design changed. */
    private final Map<String, Display> stored = new ConcurrentHashMap<>();

    CampaignTypes(CampaignTypeQueries store, byte[] secret) {
        this.store = store;
        this.key = new SecretKeySpec(secret, "HmacSHA256");
    }

    /** The campaign's type key: 128 bits of an HMAC, URL-safe. */
    String typeKey(String campaignId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            byte[] digest = mac.doFinal(campaignId.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static Display display(CredentialTypes.Type type, CardContent content) {
        CardDesign design = content.design();
        return new Display(
                type.configurationId(),
                content.campaignName(),
                design.description(),
                design.backgroundColor() != null ? design.backgroundColor() : type.backgroundColor(),
                design.foregroundColor() != null ? design.foregroundColor() : "#FFFFFF",
                design.imageUrls().get(CardDesign.ImageKind.logo),
                design.logoText() != null ? design.logoText() : content.organizationName(),
                content.organizationName());
    }

    /** Records the campaign's current display (when it changed) and answers its type key. */
    String publish(CredentialTypes.Type type, CardContent content, Instant now) {
        String typeKey = typeKey(content.campaignId());
        Display display = display(type, content);
        if (!display.equals(stored.get(typeKey))) {
            store.saveCampaignType(typeKey, display, now);
            stored.put(typeKey, display);
        }
        return typeKey;
    }

    /** Every campaign's display by type key: the campaigns' configurations in the issuer metadata. */
    Map<String, Display> all() {
        return store.all();
    }

    Optional<Display> find(String configurationId, String typeKey) {
        if (typeKey.length() > 40) {
            return Optional.empty();
        }
        return store.campaignType(typeKey).filter(d -> d.configurationId().equals(configurationId));
    }
}
