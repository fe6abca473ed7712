package com.walletcards.email;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What an invitation says, already worded by the caller where it knows best (dates in the event's
 * zone, in {@code locale}); {@code values} fill the {@code {{placeholders}}} of a caller's own
 * subject, body and button.
 *
 * @param background the campaign's card colour, for the email's header band
 * @param foreground a text colour readable on {@code background}
 * @param walletLines lines the card's wallet providers add, under the link (such as a code the
 *     wallet will ask for); plain text
 * @param locale the language of the email's own wording (English or German)
 * @param logoUrl the campaign's logo, an absolute public address; null: the organizer's name
 * @param contact how the holder reaches the organizer: the reply address and the footer
 */
public record Invite(
        String to,
        @Nullable String recipientName,
        String organizer,
        String eventName,
        @Nullable String date,
        @Nullable String time,
        @Nullable String venue,
        String downloadUrl,
        String background,
        String foreground,
        Map<String, String> values,
        List<String> walletLines,
        Locale locale,
        @Nullable String logoUrl,
        @Nullable Contact contact) {

    public Invite {
        walletLines = List.copyOf(walletLines);
    }

    /** An English invitation without logo or contact. */
    public Invite(
            String to,
            @Nullable String recipientName,
            String organizer,
            String eventName,
            @Nullable String date,
            @Nullable String time,
            @Nullable String venue,
            String downloadUrl,
            String background,
            String foreground,
            Map<String, String> values,
            List<String> walletLines) {
        this(
                to,
                recipientName,
                organizer,
                eventName,
                date,
                time,
                venue,
                downloadUrl,
                background,
                foreground,
                values,
                walletLines,
                Locale.ENGLISH,
                null,
                null);
    }

    /** The organizer's contact; {@code url} is an absolute http(s) address. */
    public record Contact(
            String email, @Nullable String phone, @Nullable String url) {}
}
