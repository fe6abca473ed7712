package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Which field goes where on a pass, by a fixed rule (docs/providers/apple-wallet.md): the same
 * content gives the same fields, keys and order on every build, whatever order its data maps
 * iterate in. A field's key names its meaning ({@code seat}, {@code starts}, {@code data_<key>}),
 * because a wallet matches the fields of an updated pass to the old one by key: a key must mean
 * the same thing in every version of a pass.
 */
final class PassFields {

    /** The back field whose change shows the latest notification on the lock screen. */
    static final String MESSAGE_FIELD = "latestMessage";

    static final String NO_MESSAGE = "No messages yet.";

    /** A recipient data key shown on the front when present; its label and change message. */
    record Known(String key, String label, @Nullable String changeMessage) {}

    /** Recipient data keys that go to the front, in this order; the first four are the seating. */
    static final List<Known> FRONT_KEYS = List.of(
            new Known("gate", "Gate", "New gate: %@"),
            new Known("section", "Section", "New section: %@"),
            new Known("row", "Row", "New row: %@"),
            new Known("seat", "Seat", "New seat: %@"),
            new Known("tier", "Tier", null),
            new Known("category", "Category", null),
            new Known("ticket_type", "Ticket type", null));

    private static final Set<String> SEATING = Set.of("gate", "section", "row", "seat");

    /** Recipient data keys that steer the service rather than describe the holder. */
    private static final Set<String> INTERNAL_KEYS = Set.of(
            "barcodeValue",
            "barcodeType",
            "barcodeValueStrategy",
            "design",
            "location",
            "timezone",
            "start_time",
            "end_time",
            "doors_open_time");

    private static final int MAX_BACK_DETAILS = 10;

    private enum Area {
        headerFields,
        primaryFields,
        secondaryFields,
        auxiliaryFields
    }

    /** When a pass's event or validity begins and ends; {@code timed} when the hour is known. */
    record When(
            @Nullable Instant starts,
            boolean startTimed,
            @Nullable Instant ends,
            boolean endTimed,
            @Nullable Instant doors) {}

    private record Candidate(Area area, Map<String, Object> field) {}

    private PassFields() {}

    /** The style dictionary: the five field lists of the pass's style. */
    static Map<String, Object> of(CardContent content, When when, ZoneId zone, String message) {
        boolean event = content.campaignType().equals("event");
        Map<String, Map<String, Object>> known = new LinkedHashMap<>();
        List<Map<String, Object>> details = new ArrayList<>();
        recipientData(content, known, details);

        List<Candidate> front = new ArrayList<>();
        front.add(new Candidate(
                Area.primaryFields, field("title", typeLabel(content.campaignType()), content.campaignName())));
        Map<String, Object> starts = when.starts() == null
                ? null
                : date(
                        "starts",
                        when.startTimed() ? "Starts" : "Valid from",
                        when.starts(),
                        zone,
                        when.startTimed(),
                        when.startTimed() ? ChangeMessages.STARTS : "Now valid from %@");
        Map<String, Object> ends = when.ends() == null
                ? null
                : date(
                        "ends",
                        when.endTimed() ? "Ends" : "Valid until",
                        when.ends(),
                        zone,
                        when.endTimed(),
                        when.endTimed() ? ChangeMessages.ENDS : "Now valid until %@");
        Map<String, Object> holder =
                content.recipientName() == null ? null : field("holder", "Holder", content.recipientName());
        Map<String, Object> venue = content.venue() == null ? null : field("venue", "Venue", content.venue());
        if (venue != null) {
            venue.put("changeMessage", ChangeMessages.VENUE);
        }
        List<Map<String, Object>> back = new ArrayList<>();
        if (event) {
            // An event ticket: the date in the header, the name over the strip, the seating in
            // the second row and who, where and when the doors open in the third.
            add(front, Area.headerFields, starts);
            known.forEach((key, f) -> add(front, SEATING.contains(key) ? Area.secondaryFields : null, f));
            add(front, Area.auxiliaryFields, holder);
            add(front, Area.auxiliaryFields, venue);
            if (when.doors() != null) {
                Map<String, Object> doors = date("doors", "Doors open", when.doors(), zone, true, ChangeMessages.DOORS);
                doors.put("dateStyle", "PKDateStyleNone");
                add(front, Area.auxiliaryFields, doors);
            }
            known.forEach((key, f) -> add(front, SEATING.contains(key) ? null : Area.auxiliaryFields, f));
            if (ends != null) {
                back.add(ends);
            }
        } else {
            add(front, Area.secondaryFields, holder);
            known.values().forEach(f -> add(front, Area.secondaryFields, f));
            add(front, Area.auxiliaryFields, starts);
            add(front, Area.auxiliaryFields, ends);
            add(front, Area.auxiliaryFields, venue);
        }

        Map<Area, List<Map<String, Object>>> areas = new LinkedHashMap<>();
        for (Area area : Area.values()) {
            areas.put(area, new ArrayList<>());
        }
        List<Map<String, Object>> overflow = new ArrayList<>();
        int lower = 0;
        for (Candidate candidate : front) {
            List<Map<String, Object>> list = areas.get(candidate.area());
            boolean lowerRow = candidate.area() == Area.secondaryFields || candidate.area() == Area.auxiliaryFields;
            if (list.size() < capacity(candidate.area()) && (!lowerRow || lower < lowerRowCapacity(event))) {
                list.add(candidate.field());
                lower += lowerRow ? 1 : 0;
            } else {
                overflow.add(candidate.field());
            }
        }

        Map<String, Object> latest = field(MESSAGE_FIELD, "Latest message", message);
        // A change of this field's value is what shows on the lock screen, as the new value itself.
        latest.put("changeMessage", "%@");
        List<Map<String, Object>> backFields = new ArrayList<>();
        backFields.add(latest);
        backFields.addAll(overflow);
        backFields.addAll(back);
        backFields.addAll(details);
        backFields.add(field("issuer", "Issued by", content.organizationName()));

        Map<String, Object> style = new LinkedHashMap<>();
        areas.forEach((area, fields) -> style.put(area.name(), fields));
        style.put("backFields", backFields);
        return style;
    }

    /**
     * Sorts the holder's data by key (the map's own order changes between restarts): the known
     * front keys by their fixed order, the rest, scalar and not internal, as back details.
     */
    private static void recipientData(
            CardContent content, Map<String, Map<String, Object>> known, List<Map<String, Object>> details) {
        Map<String, Map<String, Object>> found = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        for (Map.Entry<String, Object> entry : new TreeMap<>(content.holder().data()).entrySet()) {
            String text = scalar(entry.getValue()).orElse(null);
            if (text == null || INTERNAL_KEYS.contains(entry.getKey())) {
                continue;
            }
            Optional<Known> front = known(entry.getKey());
            if (front.isPresent() && !found.containsKey(front.get().key())) {
                Map<String, Object> f = field(front.get().key(), front.get().label(), text);
                if (front.get().changeMessage() != null) {
                    f.put("changeMessage", front.get().changeMessage());
                }
                found.put(front.get().key(), f);
            } else if (details.size() < MAX_BACK_DETAILS) {
                details.add(field(
                        unique("data_" + entry.getKey().replaceAll("[^A-Za-z0-9_]", "_"), used),
                        label(entry.getKey()),
                        text));
            }
        }
        for (Known k : FRONT_KEYS) {
            if (found.containsKey(k.key())) {
                known.put(k.key(), found.get(k.key()));
            }
        }
    }

    /** The known key a data key stands for: case, spaces and dashes aside ("Ticket-Type"). */
    static Optional<Known> known(String dataKey) {
        String normalized =
                dataKey.trim().toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
        return FRONT_KEYS.stream().filter(k -> k.key().equals(normalized)).findFirst();
    }

    private static String unique(String key, Set<String> used) {
        String candidate = key;
        for (int n = 2; !used.add(candidate); n++) {
            candidate = key + "_" + n;
        }
        return candidate;
    }

    /** Apple's limits per area; below the primary field, event tickets have two rows of four. */
    private static int capacity(Area area) {
        return switch (area) {
            case headerFields -> 1;
            case primaryFields -> 1;
            case secondaryFields, auxiliaryFields -> 4;
        };
    }

    /** Coupons, store cards and generic passes share four places between both lower areas. */
    private static int lowerRowCapacity(boolean event) {
        return event ? 8 : 4;
    }

    private static void add(List<Candidate> front, @Nullable Area area, @Nullable Map<String, Object> field) {
        if (field != null && area != null) {
            front.add(new Candidate(area, field));
        }
    }

    private static Optional<String> scalar(@Nullable Object value) {
        return (value instanceof String || value instanceof Number || value instanceof Boolean)
                        && !String.valueOf(value).isBlank()
                ? Optional.of(String.valueOf(value))
                : Optional.empty();
    }

    private static Map<String, Object> date(
            String key, String label, Instant at, ZoneId zone, boolean timed, String changeMessage) {
        Map<String, Object> field = field(key, label, PassJson.w3c(at, zone));
        field.put("changeMessage", changeMessage);
        field.put("dateStyle", "PKDateStyleMedium");
        field.put("timeStyle", timed ? "PKDateStyleShort" : "PKDateStyleNone");
        return field;
    }

    static Map<String, Object> field(String key, String label, String value) {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("key", key);
        field.put("label", label);
        field.put("value", value);
        return field;
    }

    private static String typeLabel(String campaignType) {
        return switch (campaignType) {
            case "event" -> "Event";
            case "coupon" -> "Offer";
            case "loyalty" -> "Membership";
            case "access" -> "Access";
            default -> "Card";
        };
    }

    /** A free-form data key as a label: "member_level" → "Member level" (not translated). */
    private static String label(String key) {
        String spaced = key.replace('_', ' ').replace('-', ' ');
        return spaced.isEmpty() ? key : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }
}
