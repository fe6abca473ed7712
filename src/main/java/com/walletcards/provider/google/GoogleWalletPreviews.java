package com.walletcards.provider.google;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.provider.google.WalletContent.Vertical;
import com.walletcards.shared.ProviderName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * A card as Google Wallet lays it out, read from the class and object bodies the Google mapping
 * makes ({@link WalletContent}): the logo in a circle with the issuer's line beside it, the card's
 * title, its header, the text modules, the background colour and the hero image. Works in every
 * mode, with no call to Google.
 */
@Component
class GoogleWalletPreviews implements CardPreview.Renderer {

    @Override
    public ProviderName provider() {
        return ProviderName.beta;
    }

    @Override
    public CardPreview preview(CardContent content) {
        Vertical vertical = Vertical.of(content.campaignType());
        Map<String, Object> type = WalletContent.classBody("preview", content.campaign(), "");
        Map<String, Object> object = WalletContent.objectPatch(content);
        Map<String, String> images = new LinkedHashMap<>();
        image(images, "circle", object, type, "logo", "programLogo", "titleImage");
        image(images, "wideLogo", object, type, "wideLogo", "wideProgramLogo", "wideTitleImage");
        image(images, "hero", object, type, "heroImage");
        String issuerLine = vertical == Vertical.generic ? text(object.get("cardTitle")) : text(type.get("issuerName"));
        String title = switch (vertical) {
            case eventTicket -> text(type.get("eventName"));
            case offer -> text(type.get("title"));
            case loyalty -> text(type.get("programName"));
            case generic -> module(type, WalletContent.CAMPAIGN_MODULE);
        };
        String header = switch (vertical) {
            case eventTicket -> text(object.get("ticketHolderName"));
            case loyalty -> text(object.get("accountName"));
            case offer -> text(type.get("provider"));
            case generic -> text(object.get("header"));
        };
        List<CardPreview.Field> fields = new ArrayList<>();
        if (object.get("seatInfo") instanceof Map<?, ?> seat) {
            seat.forEach((key, value) -> fields.add(
                    new CardPreview.Field(WalletContent.label(String.valueOf(key)), String.valueOf(text(value)))));
        }
        modules(type, fields);
        modules(object, fields);
        String background = object.get("hexBackgroundColor") instanceof String colour
                ? colour
                : type.get("hexBackgroundColor") instanceof String colour2 ? colour2 : null;
        String barcode = object.get("barcode") instanceof Map<?, ?> code ? text(code.get("alternateText")) : null;
        return new CardPreview(
                ProviderName.beta, background, null, null, issuerLine, title, header, fields, images, barcode);
    }

    private static void image(
            Map<String, String> images,
            String place,
            Map<String, Object> object,
            Map<String, Object> type,
            String... keys) {
        for (Map<String, Object> body : List.of(object, type)) {
            for (String key : keys) {
                if (body.get(key) instanceof Map<?, ?> image
                        && image.get("sourceUri") instanceof Map<?, ?> source
                        && source.get("uri") instanceof String uri) {
                    images.put(place, uri);
                    return;
                }
            }
        }
    }

    private static @Nullable String module(Map<String, Object> body, String id) {
        if (body.get("textModulesData") instanceof List<?> modules) {
            for (Object m : modules) {
                if (m instanceof Map<?, ?> module && id.equals(module.get("id"))) {
                    return String.valueOf(module.get("body"));
                }
            }
        }
        return null;
    }

    private static void modules(Map<String, Object> body, List<CardPreview.Field> fields) {
        if (body.get("textModulesData") instanceof List<?> modules) {
            for (Object m : modules) {
                if (m instanceof Map<?, ?> module && !WalletContent.CAMPAIGN_MODULE.equals(module.get("id"))) {
                    fields.add(new CardPreview.Field(
                            String.valueOf(module.get("header")), String.valueOf(module.get("body"))));
                }
            }
        }
    }

    /** A plain string, or the default value of Google's localized string. */
    private static @Nullable String text(@Nullable Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Map<?, ?> localized && localized.get("defaultValue") instanceof Map<?, ?> dflt) {
            return String.valueOf(dflt.get("value"));
        }
        return null;
    }
}
