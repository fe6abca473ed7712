package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * SD-JWT VC type metadata, served at a credential's {@code vct} URL: the configuration's generic
 * look, or a campaign's own name, colours and logo. A campaign's type {@code extends} its
 * configuration's, so a verifier that knows only that one still understands it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record TypeMetadata(
        String vct,
        String name,
        String description,
        @JsonProperty("extends") @Nullable String extendsVct,
        List<Display> display,
        List<Claim> claims) {

    /**
     * The claims every credential may disclose, with the labels a wallet shows for them in English
     * and German. A claim added to {@link SdJwtCredentials} gets its labels here.
     */
    static final List<Claim> CLAIMS = List.of(
            Claim.of("name", "Name", "Name"),
            Claim.of("holder_name", "Holder", "Inhaber"),
            Claim.of("organization", "Issued by", "Ausgestellt von"),
            Claim.of("venue", "Venue", "Veranstaltungsort"),
            Claim.of("venue_address", "Address", "Adresse"),
            Claim.of("venue_coordinates", "Coordinates", "Koordinaten"),
            Claim.of("start_date", "From", "Ab"),
            Claim.of("end_date", "Until", "Bis"),
            Claim.of("starts_at", "Starts", "Beginn"),
            Claim.of("ends_at", "Ends", "Ende"),
            Claim.of("barcode", "Code", "Code"),
            Claim.of("details", "Details", "Details"));

    static TypeMetadata generic(String issuer, CredentialTypes.Type type) {
        return new TypeMetadata(
                type.vct(issuer),
                type.name(),
                type.name() + " issued by the wallet card service",
                null,
                List.of(Display.withoutLogo(type.name(), type.backgroundColor())),
                CLAIMS);
    }

    static TypeMetadata campaign(
            String issuer, CredentialTypes.Type type, String typeKey, CampaignTypes.Display campaign) {
        Logo logo = campaign.logoUri() == null ? null : new Logo(campaign.logoUri(), campaign.logoAltText());
        return new TypeMetadata(
                type.vct(issuer, typeKey),
                campaign.name(),
                campaign.description() != null ? campaign.description() : type.name(),
                type.vct(issuer),
                List.of(new Display(
                        "en",
                        campaign.name(),
                        // Who issues the card: the organization (ADR 0027).
                        campaign.organizationName() != null ? campaign.organizationName() : campaign.description(),
                        new Rendering(new SimpleRendering(campaign.backgroundColor(), campaign.textColor(), logo)))),
                CLAIMS);
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Display(String lang, String name, @Nullable String description, Rendering rendering) {

        /** The generic look: the configuration's colour, white text, no logo. */
        static Display withoutLogo(String name, String backgroundColor) {
            return new Display("en", name, null, new Rendering(new SimpleRendering(backgroundColor, "#FFFFFF", null)));
        }
    }

    record Rendering(SimpleRendering simple) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SimpleRendering(
            @JsonProperty("background_color") String backgroundColor,
            @JsonProperty("text_color") String textColor,
            @Nullable Logo logo) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Logo(
            String uri, @JsonProperty("alt_text") @Nullable String altText) {}

    record Claim(List<String> path, List<ClaimDisplay> display, String sd) {

        static Claim of(String name, String english, String german) {
            return new Claim(
                    List.of(name), List.of(new ClaimDisplay("en", english), new ClaimDisplay("de", german)), "always");
        }
    }

    record ClaimDisplay(String lang, String label) {}
}
