package com.walletcards.campaign;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.jspecify.annotations.Nullable;

/**
 * When an event starts and ends, as UTC instants, from its dates and local times in its zone.
 *
 * <p>Starts on {@code startDate} at start_time (else doors_open_time, else midnight). Ends on the
 * last day (endDate, else startDate) at end_time; without end_time at the end of that day; on a
 * single day whose end_time is not after the start, on the next day (an overnight event). Local
 * times that fall into a daylight-saving gap move forward, as {@link ZonedDateTime#of} does.
 */
public record EventSchedule(
        @Nullable Instant startsAt, @Nullable Instant endsAt) {

    static final EventSchedule NONE = new EventSchedule(null, null);

    static EventSchedule derive(
            @Nullable LocalDate startDate,
            @Nullable LocalDate endDate,
            @Nullable LocalTime doorsOpen,
            @Nullable LocalTime start,
            @Nullable LocalTime end,
            ZoneId zone) {
        if (startDate == null) {
            return NONE;
        }
        LocalTime startTime = start != null ? start : doorsOpen != null ? doorsOpen : LocalTime.MIDNIGHT;
        ZonedDateTime startsAt = ZonedDateTime.of(startDate, startTime, zone);
        LocalDate lastDay = endDate != null ? endDate : startDate;
        ZonedDateTime endsAt;
        if (end == null) {
            endsAt = lastDay.plusDays(1).atStartOfDay(zone);
        } else {
            boolean singleDay = lastDay.equals(startDate);
            LocalDate endDay = singleDay && !end.isAfter(startTime) ? lastDay.plusDays(1) : lastDay;
            endsAt = ZonedDateTime.of(endDay, end, zone);
        }
        return new EventSchedule(startsAt.toInstant(), endsAt.toInstant());
    }
}
