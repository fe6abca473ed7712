package com.walletcards.console;

import com.walletcards.console.view.NotificationViews.Composer;
import com.walletcards.notification.Message;
import com.walletcards.notification.SendTime;
import com.walletcards.shared.Validation;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/**
 * The composer's form read into the API's request: the header and body as the API takes them, and
 * the local date and time entered in the campaign's time zone turned into the instant with its
 * offset that {@code scheduledFor} must be. The checks are the API's own ({@link Message},
 * {@link SendTime}), so the console refuses exactly what the API refuses, with the same words.
 */
final class NotificationForm {

    /** What the form checked: a message, and when it goes out (null: now). */
    record Checked(Message message, @Nullable Instant scheduledFor) {}

    private NotificationForm() {}

    static Composer posted(MultiValueMap<String, String> form) {
        return new Composer(
                text(form.getFirst("header")),
                text(form.getFirst("body")),
                "later".equals(form.getFirst("when")) ? "later" : "now",
                form.getFirst("scheduledFor") == null
                        ? ""
                        : form.getFirst("scheduledFor").strip());
    }

    /** Checks the composer against the API's rules at {@code now}; a refusal names the field. */
    static Checked check(Composer composer, ZoneId zone, Instant now) {
        Validation v = new Validation();
        Message message = Message.validate(composer.header(), composer.body(), v);
        Instant at = null;
        if (composer.later()) {
            String iso = offsetTime(composer.scheduledFor(), zone, v);
            at = iso == null && !composer.scheduledFor().isBlank() ? null : SendTime.parse(iso, v);
            if (at != null) {
                SendTime.checkWindow(at, now, v);
            }
        }
        v.throwIfInvalid();
        return new Checked(message, at);
    }

    /** The hidden fields that make the confirmation post the very composer it shows. */
    static Map<String, String> hidden(Composer composer) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("header", composer.header());
        fields.put("body", composer.body());
        fields.put("when", composer.when());
        fields.put("scheduledFor", composer.scheduledFor());
        return fields;
    }

    /**
     * The entered local time at the campaign's offset on that day, as ISO 8601 with the offset; a
     * time that a clock change skips moves forward by the gap, one that happens twice is the
     * earlier. Blank is null for the API's "is required"; a malformed one is refused here (null).
     */
    private static @Nullable String offsetTime(String local, ZoneId zone, Validation v) {
        if (local.isBlank()) {
            return null;
        }
        try {
            return LocalDateTime.parse(local).atZone(zone).toOffsetDateTime().toString();
        } catch (DateTimeParseException e) {
            v.reject("scheduledFor", "must be a date and a time, such as 2026-11-21T18:00");
            return null;
        }
    }

    /** A browser posts a text area's line breaks as CRLF; the holder's lock screen counts one each. */
    private static String text(@Nullable String value) {
        return value == null ? "" : value.replace("\r\n", "\n");
    }
}
