package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.support.Pngs;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A served pass for a seated event, checked rule by rule against Apple's "PassKit Package Format
 * Reference" (the package), the "Pass" and "PassFields" dictionaries of the Wallet Passes
 * reference (pass.json), its "SemanticTags" (semantics) and the pass design guidelines (image
 * sizes). Each rule is written above the lines that check it.
 */
class PassPackageFormatTest extends AppleModeTest {

    /** Package Format Reference: the top-level keys of pass.json that Apple defines. */
    private static final Set<String> PASS_KEYS = Set.of(
            "accessibilityURL",
            "addOnURL",
            "appLaunchURL",
            "associatedStoreIdentifiers",
            "authenticationToken",
            "backgroundColor",
            "barcode",
            "barcodes",
            "beacons",
            "boardingPass",
            "coupon",
            "description",
            "eventTicket",
            "expirationDate",
            "foregroundColor",
            "formatVersion",
            "generic",
            "groupingIdentifier",
            "labelColor",
            "locations",
            "logoText",
            "maxDistance",
            "nfc",
            "organizationName",
            "passTypeIdentifier",
            "preferredStyleSchemes",
            "relevantDate",
            "relevantDates",
            "semantics",
            "serialNumber",
            "sharingProhibited",
            "storeCard",
            "suppressStripShine",
            "teamIdentifier",
            "userInfo",
            "voided",
            "webServiceURL");

    /** PassFields reference: the keys a field dictionary may have. */
    private static final Set<String> FIELD_KEYS = Set.of(
            "attributedValue",
            "changeMessage",
            "currencyCode",
            "dataDetectorTypes",
            "dateStyle",
            "ignoresTimeZone",
            "isRelative",
            "key",
            "label",
            "numberStyle",
            "semantics",
            "textAlignment",
            "timeStyle",
            "value",
            "row");

    private static final Set<String> DATE_STYLES =
            Set.of("PKDateStyleNone", "PKDateStyleShort", "PKDateStyleMedium", "PKDateStyleLong", "PKDateStyleFull");
    private static final Pattern COLOUR = Pattern.compile("rgb\\((\\d{1,3}), (\\d{1,3}), (\\d{1,3})\\)");
    private static final Pattern STRINGS_LINE =
            Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\" = \"((?:[^\"\\\\]|\\\\.)*)\";");

    @Test
    void aSeatedEventsPassFollowsThePackageFormatFieldByField() throws Exception {
        String campaign = flows.campaign(Map.of(
                "name", "Summer Summit",
                "startDate", "2031-07-01",
                "timezone", "Europe/Berlin",
                "campaignData",
                        Map.of(
                                "location", "Hall A",
                                "venue",
                                        Map.of(
                                                "name",
                                                "Hall A",
                                                "address",
                                                "Messeplatz 1, 10117 Berlin",
                                                "latitude",
                                                52.5163,
                                                "longitude",
                                                13.3777),
                                "doors_open_time", "18:30",
                                "start_time", "19:00",
                                "end_time", "23:00",
                                "design", Map.of("backgroundColor", "#0A1B2C"))));
        upload(campaign, "icon", Pngs.filled(300, 300, Color.BLUE));
        upload(campaign, "logo", Pngs.filled(640, 200, Color.ORANGE));
        upload(campaign, "strip", Pngs.filled(1200, 400, Color.GREEN));
        String recipient = flows.recipient(
                        campaign,
                        Map.of(
                                "name",
                                "Grace Hopper",
                                "recipientData",
                                Map.of("seat", "12", "row", "F", "section", "B", "gate", "North")))
                .get("id")
                .asString();
        flows.waitForCard(campaign, recipient, "created");

        PassFile pass =
                PassFile.unzip(api.download(addToWallet(campaign, recipient)).body());

        // Package: pass.json, manifest.json and signature at the top of the archive; the manifest
        // maps every other file to the SHA-1 of its bytes; the signature is a detached PKCS #7
        // signature of the manifest by the pass type certificate, which carries the WWDR
        // intermediate and a signing time.
        assertThat(pass.files()).containsKeys("pass.json", "manifest.json", "signature");
        pass.assertManifestMatches();
        pass.assertSignedBy(certificate("wwdr.pem"));

        JsonNode json = pass.passJson();
        // pass.json: only keys Apple defines at the top level.
        json.propertyNames()
                .forEach(key -> assertThat(PASS_KEYS).as("top-level key").contains(key));
        // Required: description, organizationName, passTypeIdentifier, serialNumber and
        // teamIdentifier as strings, formatVersion the number 1.
        for (String key :
                List.of("description", "organizationName", "passTypeIdentifier", "serialNumber", "teamIdentifier")) {
            assertThat(json.get(key).isString()).as(key).isTrue();
            assertThat(json.get(key).asString()).as(key).isNotBlank();
        }
        assertThat(json.get("formatVersion").isNumber()).isTrue();
        assertThat(json.get("formatVersion").asInt()).isEqualTo(1);
        // Updates: authenticationToken (at least 16 characters) and webServiceURL come together.
        assertThat(json.get("authenticationToken").asString()).hasSizeGreaterThanOrEqualTo(16);
        assertThat(json.get("webServiceURL").asString()).startsWith("http");
        // Exactly one style key; an event is an eventTicket.
        assertThat(List.of("boardingPass", "coupon", "eventTicket", "generic", "storeCard").stream()
                        .filter(json::has))
                .containsExactly("eventTicket");
        // Colours are strings in CSS rgb(r, g, b) form with components 0–255.
        Matcher colour = COLOUR.matcher(json.get("backgroundColor").asString());
        assertThat(colour.matches()).isTrue();
        for (int i = 1; i <= 3; i++) {
            assertThat(Integer.parseInt(colour.group(i))).isBetween(0, 255);
        }
        // Dates are W3C (ISO 8601) date-times with an offset: relevantDate (before iOS 18),
        // relevantDates' startDate/endDate (since), expirationDate.
        assertThat(date(json.get("relevantDate"))).isEqualTo(OffsetDateTime.parse("2031-07-01T19:00:00+02:00"));
        JsonNode relevant = json.get("relevantDates");
        assertThat(relevant.isArray()).isTrue();
        assertThat(date(relevant.get(0).get("startDate"))).isEqualTo(date(json.get("relevantDate")));
        assertThat(date(relevant.get(0).get("endDate"))).isEqualTo(OffsetDateTime.parse("2031-07-01T23:00:00+02:00"));
        assertThat(date(json.get("expirationDate")))
                .isAfter(date(relevant.get(0).get("endDate")));
        // barcodes: an array of dictionaries with a PKBarcodeFormat, a message and its encoding.
        JsonNode barcode = json.get("barcodes").get(0);
        assertThat(barcode.get("format").asString())
                .isIn("PKBarcodeFormatQR", "PKBarcodeFormatPDF417", "PKBarcodeFormatAztec", "PKBarcodeFormatCode128");
        assertThat(barcode.get("message").asString()).isNotBlank();
        assertThat(barcode.get("messageEncoding").asString()).isEqualTo("iso-8859-1");

        // PassFields: five arrays of field dictionaries; at most three header fields, one primary
        // field beside a strip image, four secondary and four auxiliary fields on an event ticket.
        JsonNode ticket = json.get("eventTicket");
        assertThat(ticket.propertyNames())
                .containsExactly("headerFields", "primaryFields", "secondaryFields", "auxiliaryFields", "backFields");
        assertThat(ticket.get("headerFields").size()).isBetween(1, 3);
        assertThat(ticket.get("primaryFields").size()).isEqualTo(1);
        assertThat(ticket.get("secondaryFields").size()).isLessThanOrEqualTo(4);
        assertThat(ticket.get("auxiliaryFields").size()).isLessThanOrEqualTo(4);
        // Each field: a key unique within the pass, a value, a string label; only defined keys; a
        // changeMessage contains %@; dateStyle/timeStyle are PKDateStyle values and their value a
        // W3C date.
        Set<String> keys = new HashSet<>();
        List<String> labels = new ArrayList<>();
        ticket.properties()
                .forEach(area -> area.getValue().valueStream().forEach(field -> {
                    field.propertyNames()
                            .forEach(k -> assertThat(FIELD_KEYS).as("field key").contains(k));
                    assertThat(keys.add(field.get("key").asString()))
                            .as("unique key")
                            .isTrue();
                    assertThat(field.get("value").isString()
                                    || field.get("value").isNumber())
                            .isTrue();
                    labels.add(field.get("label").asString());
                    if (field.has("changeMessage")) {
                        assertThat(field.get("changeMessage").asString()).contains("%@");
                        // "%@" alone (the latest message) shows the new value itself: nothing to translate.
                        if (!field.get("changeMessage").asString().equals("%@")) {
                            labels.add(field.get("changeMessage").asString());
                        }
                    }
                    if (field.has("dateStyle")) {
                        assertThat(field.get("dateStyle").asString()).isIn(DATE_STYLES);
                        assertThat(field.get("timeStyle").asString()).isIn(DATE_STYLES);
                        assertThat(date(field.get("value"))).isNotNull();
                    }
                }));
        // What the holder shows at the door is on the front: the seating, then who, where, doors.
        assertThat(values(ticket.get("secondaryFields"))).containsExactly("North", "B", "F", "12");
        assertThat(keys(ticket.get("secondaryFields"))).containsExactly("gate", "section", "row", "seat");
        assertThat(keys(ticket.get("auxiliaryFields"))).containsExactly("holder", "venue", "doors");
        assertThat(values(ticket.get("primaryFields"))).containsExactly("Summer Summit");

        // SemanticTags: strings for names, W3C dates, seats as an array of seat dictionaries.
        JsonNode semantics = json.get("semantics");
        assertThat(semantics.get("eventName").asString()).isEqualTo("Summer Summit");
        assertThat(semantics.get("venueName").asString()).isEqualTo("Hall A");
        // SemanticTags: venueLocation is a dictionary of latitude and longitude, as numbers.
        assertThat(semantics.get("venueLocation").get("latitude").asDouble()).isEqualTo(52.5163);
        assertThat(semantics.get("venueLocation").get("longitude").asDouble()).isEqualTo(13.3777);
        // Pass: locations is an array of at most ten dictionaries, each with latitude and longitude
        // (numbers, required) and optionally relevantText (a string).
        JsonNode locations = json.get("locations");
        assertThat(locations.isArray()).isTrue();
        assertThat(locations.size()).isBetween(1, 10);
        assertThat(locations.get(0).get("latitude").isNumber()).isTrue();
        assertThat(locations.get(0).get("longitude").isNumber()).isTrue();
        assertThat(locations.get(0).get("relevantText").asString()).isEqualTo("Hall A");
        assertThat(date(semantics.get("eventStartDate"))).isEqualTo(date(json.get("relevantDate")));
        assertThat(date(semantics.get("eventEndDate")))
                .isEqualTo(date(relevant.get(0).get("endDate")));
        assertThat(date(semantics.get("venueDoorsOpenDate")))
                .isEqualTo(OffsetDateTime.parse("2031-07-01T18:30:00+02:00"));
        assertThat(semantics.get("venueEntrance").asString()).isEqualTo("North");
        JsonNode seat = semantics.get("seats").get(0);
        assertThat(seat.get("seatSection").asString()).isEqualTo("B");
        assertThat(seat.get("seatRow").asString()).isEqualTo("F");
        assertThat(seat.get("seatNumber").asString()).isEqualTo("12");

        // Localization: <language>.lproj/pass.strings, a strings file in UTF-16, maps the texts of
        // pass.json to the language's; every label and change message the service chose is in both.
        for (String language : List.of("en", "de")) {
            byte[] strings = pass.files().get(language + ".lproj/pass.strings");
            assertThat(strings).as(language).isNotNull().startsWith((byte) 0xFE, (byte) 0xFF);
            Set<String> translated = new HashSet<>();
            for (String line : new String(strings, StandardCharsets.UTF_16).split("\n")) {
                Matcher entry = STRINGS_LINE.matcher(line);
                assertThat(entry.matches()).as(line).isTrue();
                translated.add(entry.group(1));
            }
            assertThat(translated).as(language).containsAll(labels);
        }

        // Images: PNG files named <name>.png, <name>@2x.png and <name>@3x.png; icon.png is
        // required. The design guidelines give points at 1x: icon 29×29, logo at most 160×50,
        // an event ticket's strip 375×98; @2x and @3x have two and three times the pixels.
        assertThat(pass.files()).containsKey("icon.png");
        size(pass, "icon", 29, 29, true);
        size(pass, "logo", 160, 50, false);
        size(pass, "strip", 375, 98, true);
        pass.files().keySet().stream()
                .filter(name -> name.endsWith(".png"))
                .forEach(name -> assertThat(name).matches("(icon|logo|strip)(@[23]x)?\\.png"));
    }

    private void upload(String campaign, String kind, byte[] png) {
        assertThat(api.bytes("PUT", "/v1/campaigns/" + campaign + "/images/" + kind, png, "image/png")
                        .status())
                .isEqualTo(200);
    }

    /** Checks the image at 1x, @2x and @3x: exactly the box, or (when not exact) within it. */
    private static void size(PassFile pass, String kind, int width, int height, boolean exact) throws Exception {
        BufferedImage base = null;
        for (int scale = 1; scale <= 3; scale++) {
            String name = kind + (scale == 1 ? "" : "@" + scale + "x") + ".png";
            byte[] bytes = pass.files().get(name);
            assertThat(bytes).as(name).isNotNull();
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            assertThat(image).as(name + " is a PNG").isNotNull();
            if (exact) {
                assertThat(image.getWidth()).as(name).isEqualTo(width * scale);
                assertThat(image.getHeight()).as(name).isEqualTo(height * scale);
            } else {
                assertThat(image.getWidth()).as(name).isLessThanOrEqualTo(width * scale);
                assertThat(image.getHeight()).as(name).isLessThanOrEqualTo(height * scale);
            }
            if (scale == 1) {
                base = image;
            } else {
                assertThat(image.getWidth()).as(name).isEqualTo(base.getWidth() * scale);
                assertThat(image.getHeight()).as(name).isEqualTo(base.getHeight() * scale);
            }
        }
    }

    private static OffsetDateTime date(JsonNode value) {
        return OffsetDateTime.parse(value.asString());
    }

    private static List<String> values(JsonNode fields) {
        return fields.valueStream().map(f -> f.get("value").asString()).toList();
    }

    private static List<String> keys(JsonNode fields) {
        return fields.valueStream().map(f -> f.get("key").asString()).toList();
    }
}
