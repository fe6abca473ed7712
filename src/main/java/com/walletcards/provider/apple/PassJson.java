package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A card's {@code pass.json}: the style for its campaign type, fields from its content, the
 * barcode, the design's colours and text, the update hooks (serial, token, web service) and the
 * back field that carries lock-screen messages.
 */
final class PassJson {

    /** The back field whose change shows the latest notification on the lock screen. */
    static final String MESSAGE_FIELD = "latestMessage";

    static final String NO_MESSAGE = "No messages yet.";

    /** Recipient data keys that steer the service rather than describe the holder. */
    private static final Set<String> INTERNAL_KEYS =
            Set.of("barcodeValue", "design", "location", "start_time", "end_time", "doors_open");

    private static final int MAX_DETAILS = 10;

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
        CardDesign design = content.design();
        pass.put("formatVersion", 1);
        pass.put("passTypeIdentifier", credentials.passTypeId());
        pass.put("teamIdentifier", credentials.teamId());
        pass.put("serialNumber", extras.serialNumber());
        pass.put("authenticationToken", extras.authenticationToken());
        pass.put("webServiceURL", extras.webServiceUrl());
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
        Instant starts =
                content.eventStartsAt() != null ? content.eventStartsAt() : startOfDay(content.startDate(), zone);
        Instant ends = content.eventEndsAt() != null ? content.eventEndsAt() : endOfDay(content.endDate(), zone);
        if (starts != null) {
            Map<String, Object> relevant = new LinkedHashMap<>();
            relevant.put("startDate", w3c(starts, zone));
            relevant.put(
                    "endDate",
                    w3c(ends != null && ends.isAfter(starts) ? ends : starts.plus(Duration.ofHours(4)), zone));
            pass.put("relevantDates", List.of(relevant));
        }
        Instant expires = ends != null ? ends : starts;
        if (expires != null && content.campaignType().equals("event")) {
            // A ticket stays in the wallet as "expired" a day after the event, not in the middle of it.
            pass.put("expirationDate", w3c(expires.plus(Duration.ofDays(1)), zone));
        }
        barcode(content).ifPresent(b -> pass.put("barcodes", List.of(b)));
        pass.put(style(content.campaignType()), fields(content, extras, zone, starts, ends));
        return pass;
    }

    static String style(String campaignType) {
        return switch (campaignType) {
            case "event" -> "eventTicket";
            case "coupon" -> "coupon";
            case "loyalty" -> "storeCard";
            default -> "generic";
        };
    }

    private static Map<String, Object> fields(
            CardContent content, Extras extras, ZoneId zone, @Nullable Instant starts, @Nullable Instant ends) {
        List<Map<String, Object>> header = new ArrayList<>();
        List<Map<String, Object>> primary = new ArrayList<>();
        List<Map<String, Object>> secondary = new ArrayList<>();
        List<Map<String, Object>> auxiliary = new ArrayList<>();
        List<Map<String, Object>> back = new ArrayList<>();
        primary.add(field("title", label(content.campaignType()), content.campaignName()));
        if (content.recipientName() != null) {
            secondary.add(field("holder", "Holder", content.recipientName()));
        }
        if (content.venue() != null) {
            secondary.add(field("venue", "Venue", content.venue()));
        }
        if (starts != null) {
            Map<String, Object> start =
                    field("starts", content.eventStartsAt() != null ? "Starts" : "Valid from", w3c(starts, zone));
            start.put("dateStyle", "PKDateStyleMedium");
            start.put("timeStyle", content.eventStartsAt() != null ? "PKDateStyleShort" : "PKDateStyleNone");
            (content.campaignType().equals("event") ? header : auxiliary).add(start);
        }
        if (ends != null) {
            Map<String, Object> end =
                    field("ends", content.eventEndsAt() != null ? "Ends" : "Valid until", w3c(ends, zone));
            end.put("dateStyle", "PKDateStyleMedium");
            end.put("timeStyle", content.eventEndsAt() != null ? "PKDateStyleShort" : "PKDateStyleNone");
            auxiliary.add(end);
        }
        int details = 0;
        for (Map.Entry<String, Object> entry : content.holder().data().entrySet()) {
            Object value = entry.getValue();
            if (details < MAX_DETAILS
                    && !INTERNAL_KEYS.contains(entry.getKey())
                    && (value instanceof String || value instanceof Number || value instanceof Boolean)
                    && !String.valueOf(value).isBlank()) {
                back.add(field("data_" + details++, label(entry.getKey()), String.valueOf(value)));
            }
        }
        String message = extras.messageHeader() == null
                ? NO_MESSAGE
                : extras.messageBody() == null || extras.messageBody().isBlank()
                        ? extras.messageHeader()
                        : extras.messageHeader() + ": " + extras.messageBody();
        Map<String, Object> latest = field(MESSAGE_FIELD, "Latest message", message);
        // A change of this field's value is what shows on the lock screen, as the new value itself.
        latest.put("changeMessage", "%@");
        back.add(0, latest);
        back.add(field("issuer", "Issued by", content.organizationName()));
        Map<String, Object> style = new LinkedHashMap<>();
        style.put("headerFields", header);
        style.put("primaryFields", primary);
        style.put("secondaryFields", secondary);
        style.put("auxiliaryFields", auxiliary);
        style.put("backFields", back);
        return style;
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

    private static Map<String, Object> field(String key, String label, String value) {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("key", key);
        field.put("label", label);
        field.put("value", value);
        return field;
    }

    private static String label(String key) {
        return switch (key) {
            case "event" -> "Event";
            case "coupon" -> "Offer";
            case "loyalty" -> "Membership";
            case "access" -> "Access";
            case "generic" -> "Card";
            default -> {
                String spaced = key.replace('_', ' ').replace('-', ' ');
                yield spaced.isEmpty() ? key : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
            }
        };
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
    static String w3c(Instant instant, ZoneId zone) {
        return ZonedDateTime.ofInstant(instant, zone).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }
}
