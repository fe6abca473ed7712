package com.walletcards.holder;

import com.walletcards.campaign.CardColours;
import com.walletcards.campaign.EventTimes;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Everything the holder page shows, already decided: which details, in which order, with which
 * colours; the template only lays it out and words it in the holder's language.
 *
 * @param kind the campaign type, for the page's eyebrow ("Ticket", "Coupon" …)
 * @param details the holder's own data that matters (seat, tier …), labelled by key
 * @param actions one per wallet, in the order the device's holder expects
 * @param euOffer on a desktop, the EU wallet's link as a QR code to scan with a phone
 */
public record CardPageView(
        String code,
        String title,
        String kind,
        String organizer,
        @Nullable String holderName,
        @Nullable Place venue,
        EventTimes.@Nullable When when,
        @Nullable String doorsOpen,
        @Nullable String description,
        List<Detail> details,
        @Nullable Barcode barcode,
        @Nullable Message message,
        CardColours theme,
        @Nullable String logoUrl,
        @Nullable String logoText,
        @Nullable String stripUrl,
        List<Action> actions,
        @Nullable Offer euOffer) {

    /** One line of the holder's data; {@code key} finds a translated label, else {@code label} is shown. */
    public record Detail(String key, String label, String value) {}

    /** Where the event is; {@code mapUrl} opens it on a map, null when there is nothing to look up. */
    public record Place(
            String name, @Nullable String address, @Nullable String mapUrl) {}

    public record Barcode(String type, String imageUri, String value, boolean linear) {}

    public record Message(String header, String body, String sentAt) {}

    /** @param noteKey the provider's note for holders under its button, or null */
    public record Action(
            String provider,
            String messageKey,
            String href,
            @Nullable String noteKey) {}

    public record Offer(String messageKey, String qrImageUri, String href) {}
}
