package com.walletcards.email;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What an invitation says, already worded by the caller where it knows best (dates in the event's
 * zone); {@code values} fill the {@code {{placeholders}}} of a caller's own subject, body and button.
 *
 * @param background the campaign's card colour, for the email's header band
 * @param foreground a text colour readable on {@code background}
 * @param walletLines lines the card's wallet providers add, under the link (such as a code the
 *     wallet will ask for); plain text
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
        List<String> walletLines) {

    public Invite {
        walletLines = List.copyOf(walletLines);
    }
}
