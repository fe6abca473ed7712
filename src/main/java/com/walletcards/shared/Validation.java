package com.walletcards.shared;

import com.walletcards.shared.web.HolderLanguages;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Collects every problem of one request before failing, so a client sees all of them at once.
 * Each check returns the parsed value (or null when absent or invalid) to keep call sites short.
 */
public final class Validation {

    // Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is the mail
    // server's job; this only catches typos and garbage.
    private static final Pattern EMAIL =
            Pattern.compile("^[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}.]+(\\.[^@\\s\\p{Cntrl}.]+)+$");
    private static final Pattern E164 = Pattern.compile("^\\+[1-9][0-9]{7,14}$");
    private static final Pattern DATE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}$");
    /** The JDK hands out a new copy of its region ids on every call. */
    private static final Set<String> ZONES = Set.copyOf(ZoneId.getAvailableZoneIds());

    private final List<FieldError> errors = new ArrayList<>();

    public void reject(String field, String message) {
        errors.add(new FieldError(field, message));
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    public void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw new ValidationFailed(errors);
        }
    }

    /** A required text of 1..max characters, without control characters that databases refuse. */
    public @Nullable String requiredText(String field, @Nullable String value, int max) {
        if (value == null || value.isBlank()) {
            reject(field, "is required");
            return null;
        }
        return optionalText(field, value, max);
    }

    public @Nullable String optionalText(String field, @Nullable String value, int max) {
        if (value == null) {
            return null;
        }
        if (value.length() > max) {
            reject(field, "must be at most " + max + " characters");
            return null;
        }
        if (value.indexOf('\0') >= 0) {
            reject(field, "must not contain NUL characters");
            return null;
        }
        return value;
    }

    public <E extends Enum<E>> @Nullable E oneOf(
            String field, @Nullable String value, Class<E> type, Collection<E> allowed) {
        if (value == null) {
            return null;
        }
        for (E candidate : allowed) {
            if (candidate.toString().equals(value)) {
                return candidate;
            }
        }
        reject(field, "must be one of " + allowed);
        return null;
    }

    public @Nullable LocalDate date(String field, @Nullable String value) {
        if (value == null) {
            return null;
        }
        if (!DATE.matcher(value).matches()) {
            reject(field, "must be a date in the form YYYY-MM-DD");
            return null;
        }
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            reject(field, "is not a valid calendar date");
            return null;
        }
    }

    public @Nullable ZoneId timezone(String field, @Nullable String value) {
        if (value == null) {
            return null;
        }
        // Only region ids (Europe/Berlin) and UTC: offsets like +02:00 do not follow daylight saving.
        if (!value.equals("UTC") && !ZONES.contains(value)) {
            reject(field, "must be an IANA time zone such as Europe/Berlin");
            return null;
        }
        try {
            return ZoneId.of(value);
        } catch (DateTimeException e) {
            reject(field, "must be an IANA time zone such as Europe/Berlin");
            return null;
        }
    }

    public @Nullable String email(String field, @Nullable String value, boolean required) {
        String text = required ? requiredText(field, value, 254) : optionalText(field, value, 254);
        if (text != null && !EMAIL.matcher(text).matches()) {
            reject(field, "must be a valid email address");
            return null;
        }
        return text;
    }

    /** An absolute http or https address with a host, such as https://example.com/tickets. */
    public @Nullable String webAddress(String field, @Nullable String value) {
        String text = optionalText(field, value, 2000);
        if (text == null) {
            return null;
        }
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme();
            if (uri.isAbsolute()
                    && ("https".equalsIgnoreCase(scheme) || "http".equalsIgnoreCase(scheme))
                    && uri.getHost() != null) {
                return text;
            }
        } catch (URISyntaxException e) {
            // Reported below like any other address that is not absolute http(s).
        }
        reject(field, "must be an absolute http or https address, for example https://example.com");
        return null;
    }

    /** One of the languages the service writes in ({@code en}, {@code de}). */
    public @Nullable Locale language(String field, @Nullable String value) {
        if (value == null) {
            return null;
        }
        for (Locale supported : HolderLanguages.SUPPORTED) {
            if (supported.getLanguage().equals(value)) {
                return supported;
            }
        }
        reject(
                field,
                "must be one of "
                        + HolderLanguages.SUPPORTED.stream()
                                .map(Locale::getLanguage)
                                .toList());
        return null;
    }

    public @Nullable String phone(String field, @Nullable String value) {
        if (value == null) {
            return null;
        }
        if (!E164.matcher(value).matches()) {
            reject(field, "must be in E.164 format, for example +4915112345678");
            return null;
        }
        return value;
    }
}
