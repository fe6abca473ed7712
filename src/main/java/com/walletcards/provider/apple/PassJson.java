package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import com.walletcards.card.spi.CardVenue;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A card's {@code pass.json}: the style for its campaign type, fields from its content
 * ({@link PassFields}), the event's semantic tags ({@link PassSemantics}), the barcode, the
 * design's colours and text, the update hooks (serial, token, web service) and when the pass is
 * relevant. Every map is built in a fixed order, so two builds of the same content are equal.
 */
final class PassJson {

    /** The back field whose change shows the latest notification on the lock screen. */
    static final String MESSAGE_FIELD = PassFields.MESSAGE_FIELD;

    static final String NO_MESSAGE = PassFields.NO_MESSAGE;

    private PassJson() {}

    /** What only the pass knows, beside the card's content. */
    record Extras(
            String serialNumber,
            String authenticationToken,
            String webServiceUrl,
            boolean voided,
            @Nullable String messageHeader,
            @Nullable String messageBody) {}

    static Map<String, Object> of(CardContent content, PassCredentials credentials, Extras extras) {
        Map<String, Object> pass = new LinkedHashMap<>();
        pass.put("formatVersion", 1);
        pass.put("passTypeIdentifier", credentials.passTypeId());
        pass.put("teamIdentifier", credentials.teamId());
        pass.put("serialNumber", extras.serialNumber());
        pass.put("authenticationToken", extras.authenticationToken());
        pass.put("webServiceURL", extras.webServiceUrl());
        pass.putAll(content(content, extras));
        return pass;
    }

    /**
     * What the pass shows of the card, without the identity and update hooks only a signed pass
     * carries: also what the console's preview of the pass is drawn from.
     */
    static Map<String, Object> content(CardContent content, Extras extras) {
        Map<String, Object> pass = new LinkedHashMap<>();
        CardDesign design = content.design();
        pass.put("organizationName", content.organizationName());
        pass.put("description", design.description() != null ? design.description() : content.campaignName());
        pass.put("logoText", design.logoText() != null ? design.logoText() : content.organizationName());
        putColour(pass, "backgroundColor", design.backgroundColor());
        putColour(pass, "foregroundColor", design.foregroundColor());
        putColour(pass, "labelColor", design.labelColor());
        if (extras.voided()) {
            pass.put("voided", true);
        }
        ZoneId zone = zone(content.timezone());
        PassFields.When when = when(content, zone);
        Instant starts = when.starts();
        Instant ends = when.ends();
        if (starts != null) {
            // relevantDate for devices before iOS 18, relevantDates for those since.
            pass.put("relevantDate", w3c(starts, zone));
            Map<String, Object> relevant = new LinkedHashMap<>();
            relevant.put("startDate", w3c(starts, zone));
            relevant.put(
                    "endDate",
                    w3c(ends != null && ends.isAfter(starts) ? ends : starts.plus(Duration.ofHours(4)), zone));
            pass.put("relevantDates", List.of(relevant));
        }
        CardVenue venue = content.venueDetails();
        if (venue != null && venue.hasCoordinates()) {
            // The lock screen offers the pass near the venue (Apple allows up to ten locations).
            Map<String, Object> place = location(venue);
            place.put("relevantText", venue.name());
            pass.put("locations", List.of(place));
        }
        Instant expires = ends != null ? ends : starts;
        if (expires != null && content.campaignType().equals("event")) {
            // A ticket stays in the wallet as "expired" a day after the event, not in the middle of it.
            pass.put("expirationDate", w3c(expires.plus(Duration.ofDays(1)), zone));
        }
        barcode(content).ifPresent(b -> pass.put("barcodes", List.of(b)));
        PassSemantics.of(content, when, zone).ifPresent(tags -> pass.put("semantics", tags));
        pass.put(style(content.campaignType()), PassFields.of(content, when, zone, message(extras)));
        return pass;
    }

    /** The event's times, else the campaign's validity days; doors only beside a start time. */
    private static PassFields.When when(CardContent content, ZoneId zone) {
        Instant starts =
                content.eventStartsAt() != null ? content.eventStartsAt() : startOfDay(content.startDate(), zone);
        Instant ends = content.eventEndsAt() != null ? content.eventEndsAt() : endOfDay(content.endDate(), zone);
        Instant doors = null;
        Map<String, Object> data = content.campaign().data();
        if (content.eventStartsAt() != null
                && content.startDate() != null
                && data.get("start_time") instanceof String
                && data.get("doors_open_time") instanceof String time) {
            try {
                doors = content.startDate()
                        .atTime(LocalTime.parse(time))
                        .atZone(zone)
                        .toInstant();
            } catch (DateTimeParseException notATime) {
                // Stored before times were checked: the pass goes without the doors-open time.
            }
        }
        return new PassFields.When(starts, content.eventStartsAt() != null, ends, content.eventEndsAt() != null, doors);
    }

    private static String message(Extras extras) {
        return extras.messageHeader() == null
                ? NO_MESSAGE
                : extras.messageBody() == null || extras.messageBody().isBlank()
                        ? extras.messageHeader()
                        : extras.messageHeader() + ": " + extras.messageBody();
    }

    static String style(String campaignType) {
        return switch (campaignType) {
            case "event" -> "eventTicket";
            case "coupon" -> "coupon";
            case "loyalty" -> "storeCard";
            default -> "generic";
        };
    }

    private static Optional<Map<String, Object>> barcode(CardContent content) {
        String format = switch (content.barcodeType()) {
            case "qr" -> "PKBarcodeFormatQR";
            case "aztec" -> "PKBarcodeFormatAztec";
            case "pdf417" -> "PKBarcodeFormatPDF417";
            case "code128" -> "PKBarcodeFormatCode128";
            default -> null;
        };
        if (format == null || content.barcodeValue() == null) {
            return Optional.empty();
        }
        Map<String, Object> barcode = new LinkedHashMap<>();
        barcode.put("format", format);
        barcode.put("message", content.barcodeValue());
        barcode.put("messageEncoding", "iso-8859-1");
        barcode.put("altText", content.barcodeValue());
        return Optional.of(barcode);
    }

    private static void putColour(Map<String, Object> pass, String key, @Nullable String hex) {
        if (hex != null) {
            int rgb = Integer.parseInt(hex.substring(1), 16);
            pass.put(key, "rgb(" + (rgb >> 16 & 0xFF) + ", " + (rgb >> 8 & 0xFF) + ", " + (rgb & 0xFF) + ")");
        }
    }

    private static ZoneId zone(String timezone) {
        try {
            return ZoneId.of(timezone);
        } catch (RuntimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private static @Nullable Instant startOfDay(@Nullable LocalDate date, ZoneId zone) {
        return date == null ? null : date.atStartOfDay(zone).toInstant();
    }

    private static @Nullable Instant endOfDay(@Nullable LocalDate date, ZoneId zone) {
        return date == null
                ? null
                : date.plusDays(1).atStartOfDay(zone).toInstant().minusSeconds(1);
    }

    /** W3C date-time with the campaign's offset, so the wallet shows local event times. */
    /** A venue's coordinates as pass.json and the semantic tags write them. */
    static Map<String, Object> location(CardVenue venue) {
        Map<String, Object> place = new LinkedHashMap<>();
        place.put("latitude", venue.latitude());
        place.put("longitude", venue.longitude());
        return place;
    }

    static String w3c(Instant instant, ZoneId zone) {
        return ZonedDateTime.ofInstant(instant, zone).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }
}
