package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.HolderContent;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Where a card's content lands on its pass, and that it lands there the same way every time. */
class PassFieldsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final PassCredentials CREDENTIALS =
            new PassCredentials(null, null, null, null, "pass.example.test", "TEAM000001", true);
    private static final PassJson.Extras EXTRAS =
            new PassJson.Extras("pass_1", "t".repeat(32), "https://cards.example/wallet/alpha", false, null, null);

    /** The seated concert of the issue: Europe/Berlin, doors 18:30, start 19:00, end 23:00. */
    static CardContent seatedEvent(Map<String, Object> recipientData) {
        Map<String, Object> campaignData = new LinkedHashMap<>();
        campaignData.put("location", "Hall A");
        campaignData.put("doors_open_time", "18:30");
        campaignData.put("start_time", "19:00");
        campaignData.put("end_time", "23:00");
        campaignData.put("timezone", "Europe/Berlin");
        CampaignContent campaign = new CampaignContent(
                "cmp_1",
                "Acme Events",
                "Summer Summit",
                "event",
                campaignData,
                "qr",
                "Europe/Berlin",
                LocalDate.parse("2031-07-01"),
                null,
                Instant.parse("2031-07-01T17:00:00Z"),
                Instant.parse("2031-07-01T21:00:00Z"),
                CardDesign.NONE,
                3);
        return new CardContent(
                campaign, new HolderContent("rcp_1", "Grace Hopper", "grace@example.com", recipientData, "ABC123", 2));
    }

    private static Map<String, Object> seating() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("seat", "12");
        data.put("row", "F");
        data.put("section", "B");
        data.put("gate", "North");
        data.put("tier", "VIP");
        data.put("member_level", "Gold");
        data.put("meal", "vegetarian");
        data.put("Ticket-Type", "Adult");
        return data;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> fields(Map<String, Object> pass, String area) {
        return (List<Map<String, Object>>) ((Map<String, Object>) pass.get("eventTicket")).get(area);
    }

    private static List<Object> keys(List<Map<String, Object>> fields) {
        return fields.stream().map(f -> f.get("key")).toList();
    }

    @Test
    void aSeatedEventShowsItsSeatingOnTheFrontAndTheRestOnTheBack() {
        Map<String, Object> pass = PassJson.of(seatedEvent(seating()), CREDENTIALS, EXTRAS);

        assertThat(keys(fields(pass, "headerFields"))).containsExactly("starts");
        assertThat(keys(fields(pass, "primaryFields"))).containsExactly("title");
        assertThat(keys(fields(pass, "secondaryFields"))).containsExactly("gate", "section", "row", "seat");
        assertThat(fields(pass, "secondaryFields").stream().map(f -> f.get("value")))
                .containsExactly("North", "B", "F", "12");
        assertThat(keys(fields(pass, "auxiliaryFields"))).containsExactly("holder", "venue", "doors", "tier");
        // What the front has no room for keeps its key on the back, before the free-form data.
        assertThat(keys(fields(pass, "backFields")))
                .containsExactly(
                        PassFields.MESSAGE_FIELD, "ticket_type", "ends", "data_meal", "data_member_level", "issuer");
        Map<String, Object> doors = fields(pass, "auxiliaryFields").get(2);
        assertThat(doors.get("value")).isEqualTo("2031-07-01T18:30:00+02:00");
        assertThat(doors.get("timeStyle")).isEqualTo("PKDateStyleShort");
        assertThat(doors.get("dateStyle")).isEqualTo("PKDateStyleNone");
    }

    @Test
    void twoBuildsOfTheSameCardGiveTheSameKeysAndOrderWhateverOrderItsDataComesIn() {
        String first = JSON.writeValueAsString(PassJson.of(seatedEvent(seating()), CREDENTIALS, EXTRAS));
        List<Map.Entry<String, Object>> entries = new ArrayList<>(seating().entrySet());
        Random random = new Random(35);
        for (int build = 0; build < 50; build++) {
            Collections.shuffle(entries, random);
            Map<String, Object> shuffled = new LinkedHashMap<>();
            entries.forEach(e -> shuffled.put(e.getKey(), e.getValue()));
            // Content read back as stored (a restart, a kept "last issued" copy) builds the same pass.
            CardContent content = IssuedContent.read(IssuedContent.write(seatedEvent(shuffled)))
                    .orElseThrow();

            assertThat(JSON.writeValueAsString(PassJson.of(content, CREDENTIALS, EXTRAS)))
                    .isEqualTo(first);
        }
    }

    @Test
    void aFieldKeepsItsKeyWhenOtherDataComesOrGoes() {
        Map<String, Object> fewer = seating();
        fewer.remove("gate");
        fewer.remove("member_level");
        Map<String, Object> more = seating();
        more.put("allergies", "none");

        Map<Object, Object> before = keyToLabel(PassJson.of(seatedEvent(fewer), CREDENTIALS, EXTRAS));
        Map<Object, Object> after = keyToLabel(PassJson.of(seatedEvent(more), CREDENTIALS, EXTRAS));

        before.forEach(
                (key, label) -> assertThat(after.get(key)).as("key %s", key).isEqualTo(label));
    }

    @Test
    void fieldsWhoseChangeTheHolderMustNoticeCarryATranslatedChangeMessage() {
        Map<String, Object> pass = PassJson.of(seatedEvent(seating()), CREDENTIALS, EXTRAS);
        Map<Object, Object> changeMessages = new LinkedHashMap<>();
        for (String area : List.of("headerFields", "secondaryFields", "auxiliaryFields", "backFields")) {
            fields(pass, area).forEach(f -> {
                if (f.containsKey("changeMessage")) {
                    changeMessages.put(f.get("key"), f.get("changeMessage"));
                }
            });
        }

        assertThat(changeMessages)
                .containsOnlyKeys(
                        "starts", "ends", "doors", "venue", "gate", "section", "row", "seat", PassFields.MESSAGE_FIELD);
        changeMessages.values().forEach(message -> assertThat((String) message).contains("%@"));
        changeMessages.values().stream()
                .filter(m -> !m.equals("%@"))
                .forEach(m -> assertThat(PassStrings.GERMAN).containsKey((String) m));
    }

    @Test
    void everyLabelTheServiceNamesIsTranslatedAndFreeFormKeysKeepTheirOwnName() {
        Map<String, Object> pass = PassJson.of(seatedEvent(seating()), CREDENTIALS, EXTRAS);
        keyToLabel(pass).forEach((key, label) -> {
            if (((String) key).startsWith("data_")) {
                assertThat(PassStrings.GERMAN).doesNotContainKey((String) label);
            } else {
                assertThat(PassStrings.GERMAN).as("label of %s", key).containsKey((String) label);
            }
        });
        String german =
                new String(PassStrings.files().get("de.lproj/pass.strings"), java.nio.charset.StandardCharsets.UTF_16);
        assertThat(german).contains("\"Seat\" = \"Platz\";\n", "\"New seat: %@\" = \"Neuer Platz: %@\";\n");
        assertThat(PassStrings.files().get("en.lproj/pass.strings")).startsWith((byte) 0xFE, (byte) 0xFF);
    }

    @Test
    void anEventTicketDescribesItselfInSemanticTags() {
        Map<String, Object> pass = PassJson.of(seatedEvent(seating()), CREDENTIALS, EXTRAS);

        assertThat(pass.get("relevantDate")).isEqualTo("2031-07-01T19:00:00+02:00");
        assertThat(pass.get("semantics"))
                .isEqualTo(Map.of(
                        "eventType", "PKEventTypeGeneric",
                        "eventName", "Summer Summit",
                        "venueName", "Hall A",
                        "eventStartDate", "2031-07-01T19:00:00+02:00",
                        "eventEndDate", "2031-07-01T23:00:00+02:00",
                        "venueDoorsOpenDate", "2031-07-01T18:30:00+02:00",
                        "attendeeName", "Grace Hopper",
                        "venueEntrance", "North",
                        "seats", List.of(Map.of("seatSection", "B", "seatRow", "F", "seatNumber", "12")),
                        "admissionLevel", "VIP"));
    }

    @Test
    void aCouponSharesFourFrontPlacesAndHasNoEventTags() {
        CardContent event = seatedEvent(Map.of("tier", "Gold", "seat", "3"));
        CampaignContent c = event.campaign();
        CardContent coupon = new CardContent(
                new CampaignContent(
                        c.campaignId(),
                        c.organizationName(),
                        c.name(),
                        "coupon",
                        c.data(),
                        c.barcodeType(),
                        c.timezone(),
                        LocalDate.parse("2031-07-01"),
                        LocalDate.parse("2031-07-31"),
                        null,
                        null,
                        c.design(),
                        c.version()),
                event.holder());

        Map<String, Object> pass = PassJson.of(coupon, CREDENTIALS, EXTRAS);

        @SuppressWarnings("unchecked")
        Map<String, List<Map<String, Object>>> style = (Map<String, List<Map<String, Object>>>) pass.get("coupon");
        assertThat(keys(style.get("secondaryFields"))).containsExactly("holder", "seat", "tier");
        assertThat(keys(style.get("auxiliaryFields"))).containsExactly("starts");
        assertThat(keys(style.get("backFields"))).containsExactly(PassFields.MESSAGE_FIELD, "ends", "venue", "issuer");
        assertThat(style.get("auxiliaryFields").get(0).get("label")).isEqualTo("Valid from");
        assertThat(pass).doesNotContainKey("semantics").containsKey("relevantDate");
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> keyToLabel(Map<String, Object> pass) {
        Map<Object, Object> labels = new LinkedHashMap<>();
        ((Map<String, Object>) pass.get("eventTicket"))
                .values()
                .forEach(area ->
                        ((List<Map<String, Object>>) area).forEach(f -> labels.put(f.get("key"), f.get("label"))));
        return labels;
    }
}
