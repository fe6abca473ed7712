package com.walletcards.campaign;

import com.walletcards.shared.Validation;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The keys of {@code campaignData} that the service itself reads; every other key is the
 * organization's free-form data and passes through untouched.
 */
public record CampaignData(
        BarcodeType barcodeType,
        BarcodeValueStrategy barcodeValueStrategy,
        ZoneId timezone,
        @Nullable LocalTime doorsOpen,
        @Nullable LocalTime start,
        @Nullable LocalTime end) {

    static final String BARCODE_TYPE = "barcodeType";
    static final String BARCODE_VALUE_STRATEGY = "barcodeValueStrategy";
    static final String TIMEZONE = "timezone";
    private static final Pattern HH_MM = Pattern.compile("^([01][0-9]|2[0-3]):[0-5][0-9]$");
    /** Campaign data travels into every card; 64 KB of JSON is far beyond what a card shows. */
    static final int MAX_JSON_CHARS = 65_536;

    /** Fills the defaults into a copy of the map and reads the known keys, collecting errors. */
    static Map<String, Object> withDefaults(Map<String, Object> raw) {
        Map<String, Object> data = new LinkedHashMap<>(raw);
        data.putIfAbsent(BARCODE_TYPE, BarcodeType.qr.name());
        data.putIfAbsent(BARCODE_VALUE_STRATEGY, BarcodeValueStrategy.auto.name());
        data.putIfAbsent(TIMEZONE, "UTC");
        return data;
    }

    /** Checks the known keys of a requested campaignData (with its defaults), collecting errors. */
    public static void check(Map<String, Object> requested, Validation v) {
        read(withDefaults(requested), v);
    }

    static @Nullable CampaignData read(Map<String, Object> data, Validation v) {
        BarcodeType barcode = v.oneOf(
                "campaignData.barcodeType",
                text(data, BARCODE_TYPE, v),
                BarcodeType.class,
                EnumSet.allOf(BarcodeType.class));
        BarcodeValueStrategy strategy = v.oneOf(
                "campaignData.barcodeValueStrategy",
                text(data, BARCODE_VALUE_STRATEGY, v),
                BarcodeValueStrategy.class,
                EnumSet.allOf(BarcodeValueStrategy.class));
        ZoneId zone = v.timezone("campaignData.timezone", text(data, TIMEZONE, v));
        LocalTime doors = time(data, "doors_open_time", v);
        LocalTime start = time(data, "start_time", v);
        LocalTime end = time(data, "end_time", v);
        CardDesign.read(data, v);
        Venue.read(data, v);
        if (com.walletcards.shared.Json.write(data).length() > MAX_JSON_CHARS) {
            v.reject("campaignData", "must be at most " + MAX_JSON_CHARS + " characters of JSON");
        }
        if (barcode == null || strategy == null || zone == null || v.hasErrors()) {
            return null;
        }
        return new CampaignData(barcode, strategy, zone, doors, start, end);
    }

    private static @Nullable String text(Map<String, Object> data, String key, Validation v) {
        Object value = data.get(key);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        v.reject("campaignData." + key, "must be a string");
        return null;
    }

    private static @Nullable LocalTime time(Map<String, Object> data, String key, Validation v) {
        String value = text(data, key, v);
        if (value == null) {
            return null;
        }
        if (!HH_MM.matcher(value).matches()) {
            v.reject("campaignData." + key, "must be a 24-hour time HH:mm");
            return null;
        }
        return LocalTime.parse(value);
    }
}
