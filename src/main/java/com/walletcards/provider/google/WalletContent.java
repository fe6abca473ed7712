package com.walletcards.provider.google;

import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.CardDesign.ImageKind;
import com.walletcards.card.spi.CardVenue;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How a campaign becomes a Google Wallet class and a card an object. The campaign's shared data
 * sits on the class, so that one class PATCH changes every holder's pass; the object carries only
 * what belongs to the holder (name, seat, barcode). The {@code generic} class has no title field:
 * its card template shows a class text module with the campaign's name instead; only its colour
 * and images must sit on each object.
 */
final class WalletContent {

    private static final String LANGUAGE = "en";

    /** The headers the service writes or labels from known keys, in German (as on an Apple pass). */
    private static final Map<String, String> GERMAN_HEADERS = Map.of(
            "Pass", "Karte",
            "About", "Info",
            "Gate", "Eingang",
            "Section", "Block",
            "Row", "Reihe",
            "Seat", "Platz",
            "Tier", "Stufe",
            "Category", "Kategorie",
            "Ticket type", "Ticketart");
    /** Holder data shown as the event ticket's seat, not as free text. */
    private static final Set<String> SEAT_KEYS = Set.of("seat", "row", "section", "gate");
    /** Settings that steer the service (the barcode, its zone, the design): never shown to a holder. */
    private static final Set<String> INTERNAL_KEYS =
            Set.of("barcodeType", "barcodeValueStrategy", "barcodeValue", "timezone", "design");
    /** Campaign data that the class shows in its own fields (venue, date and time), not as free text. */
    private static final Set<String> SHOWN_ELSEWHERE =
            Set.of("location", "venue", "start_time", "end_time", "doors_open_time");

    /** The generic class's text module holding the campaign's name, which its card template shows. */
    static final String CAMPAIGN_MODULE = "campaign";

    /** A generic pass's first card row: the class's campaign-name module. */
    private static final Map<String, Object> GENERIC_TEMPLATE = genericTemplate();

    private static Map<String, Object> genericTemplate() {
        Map<String, Object> field = Map.of("fieldPath", "class.textModulesData['" + CAMPAIGN_MODULE + "']");
        Map<String, Object> item = Map.of("firstValue", Map.of("fields", List.of(field)));
        Map<String, Object> row = Map.of("oneItem", Map.of("item", item));
        return Map.of("cardTemplateOverride", Map.of("cardRowTemplateInfos", List.of(row)));
    }

    private WalletContent() {}

    /** The Google vertical of a campaign type (contract §11): its REST path prefix and JWT key. */
    enum Vertical {
        eventTicket,
        offer,
        loyalty,
        generic;

        static Vertical of(String campaignType) {
            return switch (campaignType) {
                case "event" -> eventTicket;
                case "coupon" -> offer;
                case "loyalty" -> loyalty;
                default -> generic; // access and generic passes
            };
        }

        String classType() {
            return name() + "Class";
        }

        String objectType() {
            return name() + "Object";
        }

        /** The key of the save JWT's payload that lists objects of this vertical. */
        String payloadKey() {
            return name() + "Objects";
        }
    }

    static String classId(String issuerId, String campaignId) {
        return issuerId + "." + suffix(campaignId);
    }

    /** Google's ids allow letters, digits, '.', '_' and '-' after the issuer id. */
    static String suffix(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The class of a campaign, as inserted and as patched (the id is ignored by a PATCH). */
    static Map<String, Object> classBody(String classId, CampaignContent c, String callbackUrl) {
        Vertical vertical = Vertical.of(c.type());
        CardDesign design = c.design();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", classId);
        if (vertical != Vertical.generic) {
            // Required on insert by the other verticals; the generic class has no review.
            body.put("reviewStatus", "UNDER_REVIEW");
        }
        body.put("callbackOptions", Map.of("url", callbackUrl));
        body.put("multipleDevicesAndHoldersAllowedStatus", "ONE_USER_ALL_DEVICES");
        if (vertical != Vertical.generic) {
            body.put("issuerName", c.organizationName());
            if (design.backgroundColor() != null) {
                body.put("hexBackgroundColor", design.backgroundColor());
            }
            image(design, ImageKind.hero).ifPresent(uri -> body.put("heroImage", uri));
        }
        switch (vertical) {
            case eventTicket -> {
                body.put("eventName", text(c.name()));
                // The structured venue (contract §12), or the location text as its name. Google
                // shows an address only when there is a separate one, never the name twice.
                CardVenue venue = c.venue();
                if (venue != null) {
                    Map<String, Object> place = new LinkedHashMap<>();
                    place.put("name", text(venue.name()));
                    if (venue.address() != null) {
                        place.put("address", text(venue.address()));
                    }
                    body.put("venue", place);
                }
                Map<String, Object> dateTime = new LinkedHashMap<>();
                doorsOpen(c).ifPresent(doors -> dateTime.put("doorsOpen", doors));
                if (c.eventStartsAt() != null) {
                    dateTime.put("start", dateTime(c.eventStartsAt(), c.timezone()));
                }
                if (c.eventEndsAt() != null) {
                    dateTime.put("end", dateTime(c.eventEndsAt(), c.timezone()));
                }
                if (!dateTime.isEmpty()) {
                    body.put("dateTime", dateTime);
                }
                logos(design, "logo", "wideLogo", body);
            }
            case offer -> {
                body.put("title", c.name());
                body.put("provider", c.organizationName());
                body.put("redemptionChannel", "BOTH");
                logos(design, "titleImage", "wideTitleImage", body);
            }
            case loyalty -> {
                body.put("programName", c.name());
                logos(design, "programLogo", "wideProgramLogo", body);
            }
            case generic -> {}
        }
        List<Map<String, Object>> modules = new ArrayList<>();
        if (vertical == Vertical.generic) {
            // The generic class has no title field: its card template shows this class text module
            // as the pass's first row, so a rename is one class PATCH like in the other verticals.
            modules.add(module(CAMPAIGN_MODULE, "Pass", c.name()));
            body.put("classTemplateInfo", GENERIC_TEMPLATE);
        }
        if (design.description() != null) {
            modules.add(module("description", "About", design.description()));
        }
        c.data().forEach((key, value) -> {
            if (!INTERNAL_KEYS.contains(key)
                    && !SHOWN_ELSEWHERE.contains(key)
                    && isScalar(value)
                    && modules.size() < 10) {
                modules.add(module("c_" + suffix(key), label(key), String.valueOf(value)));
            }
        });
        if (!modules.isEmpty()) {
            body.put("textModulesData", modules);
        }
        return body;
    }

    /** A card's object as inserted; {@link #objectPatch} is the same without id, class and state. */
    static Map<String, Object> objectBody(String objectId, String classId, CardContent content) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", objectId);
        body.put("classId", classId);
        body.put("state", "ACTIVE");
        body.putAll(objectPatch(content));
        return body;
    }

    static Map<String, Object> objectPatch(CardContent content) {
        Vertical vertical = Vertical.of(content.campaignType());
        String holder = content.recipientName() != null ? content.recipientName() : content.email();
        Map<String, Object> body = new LinkedHashMap<>();
        if (content.barcodeValue() != null) {
            body.put(
                    "barcode",
                    Map.of(
                            "type", barcodeType(content.barcodeType()),
                            "value", content.barcodeValue(),
                            "alternateText", content.barcodeValue()));
        }
        Map<String, Object> interval = new LinkedHashMap<>();
        if (content.eventStartsAt() != null) {
            interval.put("start", Map.of("date", dateTime(content.eventStartsAt(), content.timezone())));
        }
        if (content.eventEndsAt() != null) {
            interval.put("end", Map.of("date", dateTime(content.eventEndsAt(), content.timezone())));
        }
        if (!interval.isEmpty()) {
            body.put("validTimeInterval", interval);
        }
        Map<String, Object> holderData = content.holder().data();
        switch (vertical) {
            case eventTicket -> {
                body.put("ticketHolderName", holder);
                Map<String, Object> seat = new LinkedHashMap<>();
                SEAT_KEYS.stream().sorted().forEach(key -> {
                    if (isScalar(holderData.get(key))) {
                        seat.put(key, text(String.valueOf(holderData.get(key))));
                    }
                });
                if (!seat.isEmpty()) {
                    body.put("seatInfo", seat);
                }
            }
            case loyalty -> {
                body.put("accountName", holder);
                body.put("accountId", content.recipientId());
            }
            case offer -> {}
            case generic -> {
                // Google requires cardTitle and header on a generic object. Neither is the campaign's
                // name, which the class's card template shows: a rename changes no object. The
                // colour and images exist only on generic objects, so a change of those is one
                // PATCH per saved card.
                CardDesign design = content.design();
                body.put("cardTitle", text(content.organizationName()));
                body.put("header", text(holder));
                if (design.backgroundColor() != null) {
                    body.put("hexBackgroundColor", design.backgroundColor());
                }
                logos(design, "logo", "wideLogo", body);
                image(design, ImageKind.hero).ifPresent(uri -> body.put("heroImage", uri));
            }
        }
        List<Map<String, Object>> modules = new ArrayList<>();
        holderData.forEach((key, value) -> {
            boolean seat = vertical == Vertical.eventTicket && SEAT_KEYS.contains(key);
            if (!seat && !INTERNAL_KEYS.contains(key) && isScalar(value) && modules.size() < 10) {
                modules.add(module("h_" + suffix(key), label(key), String.valueOf(value)));
            }
        });
        if (!modules.isEmpty()) {
            body.put("textModulesData", modules);
        }
        return body;
    }

    static Map<String, Object> message(String id, String header, String body, String messageType) {
        return Map.of("id", suffix(id), "header", header, "body", body, "messageType", messageType);
    }

    private static String barcodeType(String type) {
        return switch (type) {
            case "aztec" -> "AZTEC";
            case "pdf417" -> "PDF_417";
            case "code128" -> "CODE_128";
            default -> "QR_CODE";
        };
    }

    /**
     * Google shows a pass's logo in a circle, and a wide logo instead where one is given: the
     * campaign's square icon goes into the circle, its wide logo into the wide place.
     */
    private static void logos(CardDesign design, String circular, String wide, Map<String, Object> body) {
        image(design, ImageKind.icon).ifPresent(uri -> body.put(circular, uri));
        image(design, ImageKind.logo).ifPresent(uri -> body.put(wide, uri));
    }

    /**
     * When the doors open, on the first day in the campaign's zone: only when the event also has
     * a start time (without one, the doors-open time already is the event's start).
     */
    private static Optional<String> doorsOpen(CampaignContent c) {
        LocalTime doors = time(c.data().get("doors_open_time"));
        if (c.startDate() == null || doors == null || time(c.data().get("start_time")) == null) {
            return Optional.empty();
        }
        return Optional.of(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                c.startDate().atTime(doors).atZone(zone(c.timezone())).toOffsetDateTime()));
    }

    private static @Nullable LocalTime time(@Nullable Object value) {
        try {
            return value instanceof String s ? LocalTime.parse(s) : null;
        } catch (DateTimeParseException notATime) {
            return null;
        }
    }

    private static Optional<Map<String, Object>> image(CardDesign design, ImageKind kind) {
        String url = design.imageUrls().get(kind);
        return url == null ? Optional.empty() : Optional.of(Map.of("sourceUri", Map.of("uri", url)));
    }

    private static Map<String, Object> text(String value) {
        return Map.of("defaultValue", Map.of("language", LANGUAGE, "value", value));
    }

    /**
     * A text module. A header the service words itself (not one made from a free-form data key)
     * also carries its German, and Google Wallet shows the device's language, as an Apple pass
     * does with its lproj strings (ADR 0032): a class is shared by every holder of a campaign, so
     * the device, not one recipient's locale, can choose.
     */
    private static Map<String, Object> module(String id, String header, String body) {
        String german = GERMAN_HEADERS.get(header);
        if (german == null) {
            return Map.of("id", id, "header", header, "body", body);
        }
        return Map.of(
                "id",
                id,
                "header",
                header,
                "body",
                body,
                "localizedHeader",
                Map.of(
                        "defaultValue",
                        Map.of("language", LANGUAGE, "value", header),
                        "translatedValues",
                        List.of(Map.of("language", "de", "value", german))));
    }

    private static boolean isScalar(@Nullable Object value) {
        return value instanceof String || value instanceof Number || value instanceof Boolean;
    }

    /** A key as a holder reads it: "dress_code" and "dressCode" both become "Dress code". */
    static String label(String key) {
        String spaced = key.replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                .replace('_', ' ')
                .replace('-', ' ')
                .trim()
                .toLowerCase(Locale.ROOT);
        return spaced.isEmpty() ? key : spaced.substring(0, 1).toUpperCase(Locale.ROOT) + spaced.substring(1);
    }

    private static String dateTime(Instant instant, String timezone) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                instant.atZone(zone(timezone)).toOffsetDateTime());
    }

    private static ZoneId zone(String timezone) {
        try {
            return ZoneId.of(timezone);
        } catch (RuntimeException e) {
            return ZoneOffset.UTC;
        }
    }
}
