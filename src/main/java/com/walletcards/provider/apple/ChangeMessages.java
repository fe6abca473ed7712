package com.walletcards.provider.apple;

import java.util.List;
import java.util.Optional;

/**
 * Which changes of a campaign an Apple Wallet holder is told about: the pass fields that carry a
 * {@code changeMessage} ({@link PassFields}) and the campaign fields they are made of, named by
 * their path in the campaigns API's PATCH body. The console shows this before a change is sent;
 * it lives here, beside the pass layout, which takes its messages from here. For a pass without
 * the hour (a coupon valid from a day) the start and end read "Now valid from/until" instead.
 */
public final class ChangeMessages {

    /** A pass field with a change message, and the campaign fields that decide its value. */
    public record Field(String passField, String message, List<String> campaignFields) {}

    static final String STARTS = "New start: %@";
    static final String ENDS = "New end: %@";
    static final String DOORS = "Doors now open at %@";
    static final String VENUE = "New venue: %@";

    /** In the order the pass shows them; the venue's address and coordinates show no message. */
    public static final List<Field> FIELDS = List.of(
            new Field(
                    "starts",
                    STARTS,
                    List.of(
                            "startDate",
                            "timezone",
                            "campaignData.timezone",
                            "campaignData.start_time",
                            "campaignData.doors_open_time")),
            new Field("ends", ENDS, List.of("endDate", "timezone", "campaignData.timezone", "campaignData.end_time")),
            new Field("doors", DOORS, List.of("timezone", "campaignData.timezone", "campaignData.doors_open_time")),
            new Field("venue", VENUE, List.of("campaignData.location", "campaignData.venue.name")));

    private ChangeMessages() {}

    /** The first pass field whose change message a change of this campaign field shows, if any. */
    public static Optional<Field> shownFor(String campaignField) {
        return FIELDS.stream()
                .filter(f -> f.campaignFields().contains(campaignField)
                        // Removing the whole venue object removes its name too.
                        || (campaignField.equals("campaignData.venue")
                                && f.passField().equals("venue")))
                .findFirst();
    }
}
