package com.walletcards.provider.google;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.CardDesign.ImageKind;
import com.walletcards.card.spi.HolderContent;
import com.walletcards.provider.google.WalletContent.Vertical;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every class and object body the service sends, for every campaign type, checked against
 * Google's own published resource definitions ({@link GoogleWalletDefinitions}: the generated
 * model of the Wallet API), and what of it a holder sees.
 */
class GoogleWalletBodiesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String CLASS_ID = FakeGoogleWallet.ISSUER_ID + ".cmp_1";
    private static final String OBJECT_ID = FakeGoogleWallet.ISSUER_ID + ".gw_1";
    private static final Map<ImageKind, String> IMAGES = Map.of(
            ImageKind.icon, "https://cards.example.com/images/icon.png",
            ImageKind.logo, "https://cards.example.com/images/wide-logo.png",
            ImageKind.strip, "https://cards.example.com/images/strip.png",
            ImageKind.hero, "https://cards.example.com/images/hero.png");

    @ParameterizedTest
    @ValueSource(strings = {"event", "coupon", "loyalty", "access", "generic"})
    void everyBodySentForACampaignTypeHoldsOnlyFieldsGoogleDefines(String type) {
        CardContent card = fullCard(type);
        Vertical vertical = Vertical.of(type);
        Map<String, Object> classBody =
                WalletContent.classBody(CLASS_ID, card.campaign(), "https://cards.example.com/cb");

        assertThat(GoogleWalletDefinitions.problem(vertical.classType(), tree(classBody)))
                .as("class of %s", type)
                .isEmpty();
        assertThat(GoogleWalletDefinitions.problem(
                        vertical.objectType(), tree(WalletContent.objectBody(OBJECT_ID, CLASS_ID, card))))
                .as("object of %s", type)
                .isEmpty();
        assertThat(GoogleWalletDefinitions.problem(vertical.objectType(), tree(WalletContent.objectPatch(card))))
                .as("object patch of %s", type)
                .isEmpty();
        assertThat(GoogleWalletDefinitions.addMessageProblem(
                        tree(Map.of("message", WalletContent.message("n_1", "Doors moved", "Gate B", "TEXT")))))
                .isEmpty();
        assertThat(classBody.containsKey("reviewStatus"))
                .as("reviewStatus, which only some class resources define")
                .isEqualTo(GoogleWalletDefinitions.defines(vertical.classType(), "reviewStatus"));
    }

    @Test
    void aHeaderTheServiceWordsCarriesItsGermanForTheDevicesLanguageAndAFreeFormLabelStaysAsWritten() {
        JsonNode classBody =
                tree(WalletContent.classBody(CLASS_ID, fullCard("generic").campaign(), "https://x/cb"));
        Map<String, JsonNode> modules = new LinkedHashMap<>();
        classBody
                .path("textModulesData")
                .forEach(m -> modules.put(m.path("header").asString(), m));
        JsonNode about = modules.get("About").path("localizedHeader");
        assertThat(about.path("defaultValue").path("value").asString()).isEqualTo("About");
        assertThat(about.path("translatedValues").get(0).path("language").asString())
                .isEqualTo("de");
        assertThat(about.path("translatedValues").get(0).path("value").asString())
                .isEqualTo("Info");
        assertThat(modules.get("Dress code").has("localizedHeader")).isFalse();
    }

    @Test
    void theDefinitionsRefuseAFieldNoResourceDefinesAtAnyDepthAndAValueOfTheWrongShape() {
        assertThat(GoogleWalletDefinitions.problem(
                        "genericClass", tree(Map.of("id", CLASS_ID, "reviewStatus", "UNDER_REVIEW"))))
                .hasValueSatisfying(p -> assertThat(p).contains("Unknown name \"reviewStatus\" at 'resource'"));
        assertThat(GoogleWalletDefinitions.problem(
                        "eventTicketClass",
                        tree(Map.of(
                                "venue",
                                Map.of("name", Map.of("defaultValue", Map.of("value", "Hall", "lang", "en")))))))
                .hasValueSatisfying(p -> assertThat(p).contains("\"lang\" at 'resource.venue.name.defaultValue'"));
        assertThat(GoogleWalletDefinitions.problem(
                        "offerObject", tree(Map.of("textModulesData", List.of(Map.of("id", "a", "label", "A"))))))
                .hasValueSatisfying(p -> assertThat(p).contains("\"label\" at 'resource.textModulesData[0]'"));
        assertThat(GoogleWalletDefinitions.problem("loyaltyClass", tree(Map.of("programName", Map.of("value", "x")))))
                .hasValueSatisfying(p -> assertThat(p).contains("'resource.programName': expected a string"));
        assertThat(GoogleWalletDefinitions.problem("eventTicketClass", tree(Map.of("dateTime", Map.of("doors", "x")))))
                .hasValueSatisfying(p -> assertThat(p).contains("\"doors\" at 'resource.dateTime'"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"event", "coupon", "loyalty", "access", "generic"})
    void noInternalSettingReachesAHolder(String type) {
        CardContent card = fullCard(type);
        List<String> shown = new ArrayList<>();
        for (Map<String, Object> body : List.of(
                WalletContent.classBody(CLASS_ID, card.campaign(), "https://cards.example.com/cb"),
                WalletContent.objectBody(OBJECT_ID, CLASS_ID, card))) {
            tree(body).path("textModulesData").forEach(module -> {
                shown.add(module.path("header").asString());
                shown.add(module.path("body").asString());
            });
        }
        assertThat(String.join("\n", shown).toLowerCase(java.util.Locale.ROOT))
                .doesNotContain("barcode", "strategy", "auto", "timezone", "europe/berlin", "pdf417", "#0a1b2c")
                .doesNotContain("_"); // no raw key
        assertThat(shown).contains("Dress code", "Smart casual", "Parking level", "P3", "Member since", "2019");
    }

    @Test
    void eachImageSitsWhereGoogleShowsItTheIconInTheCircleTheWideLogoWhereALogoIsWide() {
        Map<String, JsonNode> classes = new LinkedHashMap<>();
        for (String type : List.of("event", "coupon", "loyalty")) {
            classes.put(
                    type, tree(WalletContent.classBody(CLASS_ID, fullCard(type).campaign(), "https://x/cb")));
        }
        assertThat(uri(classes.get("event"), "logo")).isEqualTo(IMAGES.get(ImageKind.icon));
        assertThat(uri(classes.get("event"), "wideLogo")).isEqualTo(IMAGES.get(ImageKind.logo));
        assertThat(uri(classes.get("coupon"), "titleImage")).isEqualTo(IMAGES.get(ImageKind.icon));
        assertThat(uri(classes.get("coupon"), "wideTitleImage")).isEqualTo(IMAGES.get(ImageKind.logo));
        assertThat(uri(classes.get("loyalty"), "programLogo")).isEqualTo(IMAGES.get(ImageKind.icon));
        assertThat(uri(classes.get("loyalty"), "wideProgramLogo")).isEqualTo(IMAGES.get(ImageKind.logo));
        classes.values().forEach(c -> assertThat(uri(c, "heroImage")).isEqualTo(IMAGES.get(ImageKind.hero)));
        JsonNode generic = tree(WalletContent.objectBody(OBJECT_ID, CLASS_ID, fullCard("access")));
        assertThat(uri(generic, "logo")).isEqualTo(IMAGES.get(ImageKind.icon));
        assertThat(uri(generic, "wideLogo")).isEqualTo(IMAGES.get(ImageKind.logo));
        assertThat(uri(generic, "heroImage")).isEqualTo(IMAGES.get(ImageKind.hero));
    }

    @Test
    void anEventClassNamesItsVenueOnceAndShowsWhenTheDoorsOpenBeforeTheStart() {
        JsonNode event =
                tree(WalletContent.classBody(CLASS_ID, fullCard("event").campaign(), "https://x/cb"));
        assertThat(event.path("venue")
                        .path("name")
                        .path("defaultValue")
                        .path("value")
                        .asString())
                .isEqualTo("Hall A");
        assertThat(event.path("venue").has("address")).isFalse();
        assertThat(event.path("dateTime").path("doorsOpen").asString()).isEqualTo("2031-07-01T17:30:00+02:00");
        assertThat(event.path("dateTime").path("start").asString()).isEqualTo("2031-07-01T18:00:00+02:00");
    }

    @Test
    void aStructuredVenueGivesTheEventClassItsNameAndAddressAndPassesTheDefinitions() {
        Map<String, Object> data = campaignData();
        data.put(
                "venue",
                Map.of(
                        "name",
                        "Olympiahalle",
                        "address",
                        "Spiridon-Louis-Ring 21, 80809 München",
                        "latitude",
                        48.1752,
                        "longitude",
                        11.5518));
        Map<String, Object> body = WalletContent.classBody(
                CLASS_ID, campaign("event", data, Instant.parse("2031-07-01T16:00:00Z")), "https://x/cb");

        JsonNode venue = tree(body).path("venue");
        assertThat(venue.path("name").path("defaultValue").path("value").asString())
                .isEqualTo("Olympiahalle");
        assertThat(venue.path("address").path("defaultValue").path("value").asString())
                .isEqualTo("Spiridon-Louis-Ring 21, 80809 München");
        assertThat(GoogleWalletDefinitions.problem(Vertical.of("event").classType(), tree(body)))
                .isEmpty();
    }

    @Test
    void withoutASeparateStartTimeTheDoorsOpeningIsTheStartAndNotRepeated() {
        Map<String, Object> data = new LinkedHashMap<>(campaignData());
        data.remove("start_time");
        CampaignContent campaign = campaign("event", data, Instant.parse("2031-07-01T15:30:00Z"));
        JsonNode event = tree(WalletContent.classBody(CLASS_ID, campaign, "https://x/cb"));
        assertThat(event.path("dateTime").has("doorsOpen")).isFalse();
        assertThat(event.path("dateTime").path("start").asString()).isEqualTo("2031-07-01T17:30:00+02:00");
    }

    // ---- helpers

    /** A campaign of this type using everything a campaign can carry, and a holder with data. */
    private static CardContent fullCard(String type) {
        Map<String, Object> holderData = new LinkedHashMap<>();
        holderData.put("seat", "12A");
        holderData.put("row", "4");
        holderData.put("memberSince", 2019);
        holderData.put("barcodeValue", "CUSTOM-123");
        HolderContent holder =
                new HolderContent("rcp_1", "Ada Lovelace", "ada@example.com", holderData, "CUSTOM-123", 3);
        return new CardContent(campaign(type, campaignData(), Instant.parse("2031-07-01T16:00:00Z")), holder);
    }

    private static Map<String, Object> campaignData() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("barcodeType", "pdf417");
        data.put("barcodeValueStrategy", "auto");
        data.put("timezone", "Europe/Berlin");
        data.put("location", "Hall A");
        data.put("doors_open_time", "17:30");
        data.put("start_time", "18:00");
        data.put("end_time", "23:00");
        data.put("design", Map.of("backgroundColor", "#0A1B2C", "description", "The yearly summit"));
        data.put("dress_code", "Smart casual");
        data.put("parkingLevel", "P3");
        return data;
    }

    private static CampaignContent campaign(String type, Map<String, Object> data, Instant startsAt) {
        CardDesign design = new CardDesign("#0A1B2C", "#FFFFFF", "#CCCCCC", "Acme", "The yearly summit", IMAGES);
        return new CampaignContent(
                "cmp_1",
                "Acme Events",
                "Summer Summit",
                type,
                data,
                "pdf417",
                "Europe/Berlin",
                LocalDate.parse("2031-07-01"),
                null,
                startsAt,
                Instant.parse("2031-07-01T21:00:00Z"),
                design,
                5);
    }

    private static String uri(JsonNode body, String field) {
        return body.path(field).path("sourceUri").path("uri").asString();
    }

    private static JsonNode tree(Object body) {
        return JSON.valueToTree(body);
    }
}
