package com.walletcards.campaign;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * When an event takes place, in the campaign's zone, said once: the date (or date range) on one
 * line, the hours on another, each part only as often as needed ("1 – 3 July 2031", not the
 * month and year twice).
 */
public final class EventTimes {

    /** The two lines; {@code time} is null when the campaign gives no hours. */
    public record When(String date, @Nullable String time) {}

    private EventTimes() {}

    static @Nullable When of(
            @Nullable LocalDate start,
            @Nullable LocalDate end,
            @Nullable LocalTime from,
            @Nullable LocalTime to,
            ZoneId zone,
            Locale locale,
            String nextDay) {
        if (start == null) {
            return null;
        }
        LocalDate last = end == null ? start : end;
        String date = start.equals(last) ? full(start, locale) : range(start, last, locale);
        if (from == null) {
            return new When(date, null);
        }
        String hours = to == null ? hours(from) : hours(from) + " – " + hours(to);
        boolean overnight = to != null && start.equals(last) && !to.isAfter(from);
        // The zone as it reads on that day ("CEST", "MESZ"), so a visitor from elsewhere is not misled.
        String zoneName = DateTimeFormatter.ofPattern("z", locale)
                .format(start.atTime(from).atZone(zone));
        return new When(date, hours + (overnight ? " " + nextDay : "") + " " + zoneName);
    }

    /** A past moment, such as when a message was sent: "23 November 2026, 06:57". */
    public static String moment(java.time.Instant at, ZoneId zone, Locale locale) {
        return pattern(locale, "d. MMMM yyyy, HH:mm", "d MMMM yyyy, HH:mm").format(at.atZone(zone));
    }

    /** When the campaign's event takes place, or null without a start date. */
    public static @Nullable When of(Campaign campaign, Locale locale, String nextDay) {
        Map<String, Object> data = campaign.campaignData();
        LocalTime start = time(data.get("start_time"));
        return of(
                campaign.startDate(),
                campaign.endDate(),
                start != null ? start : time(data.get("doors_open_time")),
                time(data.get("end_time")),
                campaign.timezone(),
                locale,
                nextDay);
    }

    /** Doors-open time, when the event also has a separate start time. */
    public static @Nullable LocalTime doorsOpen(Campaign campaign) {
        Map<String, Object> data = campaign.campaignData();
        LocalTime doors = time(data.get("doors_open_time"));
        return time(data.get("start_time")) != null ? doors : null;
    }

    private static @Nullable LocalTime time(@Nullable Object value) {
        try {
            return value instanceof String s ? LocalTime.parse(s) : null;
        } catch (java.time.format.DateTimeParseException notATime) {
            return null;
        }
    }

    private static String full(LocalDate date, Locale locale) {
        return pattern(locale, "EEEE, d. MMMM yyyy", "EEEE d MMMM yyyy").format(date);
    }

    private static String range(LocalDate start, LocalDate last, Locale locale) {
        DateTimeFormatter end = pattern(locale, "d. MMMM yyyy", "d MMMM yyyy");
        DateTimeFormatter begin;
        if (start.getYear() != last.getYear()) {
            begin = end;
        } else if (start.getMonth() != last.getMonth()) {
            begin = pattern(locale, "d. MMMM", "d MMMM");
        } else {
            begin = pattern(locale, "d.", "d");
        }
        return begin.format(start) + " – " + end.format(last);
    }

    private static String hours(LocalTime time) {
        return DateTimeFormatter.ofPattern("HH:mm").format(time);
    }

    private static DateTimeFormatter pattern(Locale locale, String german, String english) {
        return DateTimeFormatter.ofPattern(isGerman(locale) ? german : english, locale);
    }

    private static boolean isGerman(Locale locale) {
        return locale.getLanguage().equals("de");
    }
}
