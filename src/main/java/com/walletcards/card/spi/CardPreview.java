package com.walletcards.card.spi;

import com.walletcards.shared.ProviderName;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What one wallet shows of a card, as its provider would send it: the console draws its previews
 * from these values, so a preview never shows what the wallet would not. Colours are
 * {@code #RRGGBB}, or null where the wallet picks its own; images are URLs by the wallet's own
 * place for them ({@code logo}, {@code strip}, {@code icon}, {@code circle}, {@code wideLogo},
 * {@code hero}).
 *
 * @param title the card's most prominent text (Apple's primary field, Google's title, the EU
 *     wallet's credential name)
 * @param subtitle the line above or beside it (Apple's header field, Google's header, the EU
 *     wallet's issuer line)
 * @param fields the further label/value pairs on the card's front, in the wallet's order
 */
public record CardPreview(
        ProviderName provider,
        @Nullable String backgroundColor,
        @Nullable String foregroundColor,
        @Nullable String labelColor,
        @Nullable String logoText,
        @Nullable String title,
        @Nullable String subtitle,
        List<Field> fields,
        Map<String, String> images,
        @Nullable String barcode) {

    public CardPreview {
        fields = List.copyOf(fields);
        images = Map.copyOf(images);
    }

    /** One label and value as the wallet shows it. */
    public record Field(String label, String value) {}

    /**
     * Renders previews for one provider, whatever mode the deployment runs it in: the values come
     * from the same code that builds what the provider sends, with no network call.
     */
    public interface Renderer {

        ProviderName provider();

        CardPreview preview(CardContent content);
    }
}
