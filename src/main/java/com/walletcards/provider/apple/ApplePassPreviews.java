package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardDesign.ImageKind;
import com.walletcards.card.spi.CardPreview;
import com.walletcards.shared.ProviderName;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The front of a card's pass as Apple Wallet shows it, read from the {@code pass.json} content the
 * pass builder makes ({@link PassJson#content}) and the images {@link PassImages} puts in the pass.
 * Works in every mode: nothing is signed and nothing is fetched.
 */
@Component
class ApplePassPreviews implements CardPreview.Renderer {

    private static final Pattern RGB = Pattern.compile("rgb\\((\\d+), (\\d+), (\\d+)\\)");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter DAY_AND_TIME =
            DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm", Locale.ENGLISH);

    @Override
    public ProviderName provider() {
        return ProviderName.alpha;
    }

    @Override
    public CardPreview preview(CardContent content) {
        Map<String, Object> pass =
                PassJson.content(content, new PassJson.Extras("preview", "preview", "", false, null, null));
        Map<?, ?> style = pass.get(PassJson.style(content.campaignType())) instanceof Map<?, ?> m ? m : Map.of();
        List<CardPreview.Field> header = fields(style.get("headerFields"));
        List<CardPreview.Field> primary = fields(style.get("primaryFields"));
        List<CardPreview.Field> rest = new ArrayList<>(fields(style.get("secondaryFields")));
        rest.addAll(fields(style.get("auxiliaryFields")));
        Map<String, String> images = new LinkedHashMap<>();
        for (ImageKind kind : new ImageKind[] {ImageKind.icon, ImageKind.logo, ImageKind.strip}) {
            String url = content.design().imageUrls().get(kind);
            if (url != null) {
                images.put(kind.name(), url);
            }
        }
        String barcode = pass.get("barcodes") instanceof List<?> codes
                        && !codes.isEmpty()
                        && codes.get(0) instanceof Map<?, ?> code
                ? String.valueOf(code.get("altText"))
                : null;
        return new CardPreview(
                ProviderName.alpha,
                hex(pass.get("backgroundColor")),
                hex(pass.get("foregroundColor")),
                hex(pass.get("labelColor")),
                (String) pass.get("logoText"),
                primary.isEmpty() ? null : primary.get(0).value(),
                header.isEmpty()
                        ? null
                        : header.get(0).label() + " " + header.get(0).value(),
                rest,
                images,
                barcode);
    }

    private static List<CardPreview.Field> fields(@Nullable Object list) {
        List<CardPreview.Field> fields = new ArrayList<>();
        if (list instanceof List<?> items) {
            for (Object item : items) {
                if (item instanceof Map<?, ?> field) {
                    fields.add(new CardPreview.Field(String.valueOf(field.get("label")), value(field)));
                }
            }
        }
        return fields;
    }

    /** A date field as the wallet formats it (medium date, short time when the pass asks for one). */
    private static String value(Map<?, ?> field) {
        String value = String.valueOf(field.get("value"));
        if (field.get("dateStyle") == null) {
            return value;
        }
        try {
            OffsetDateTime at = OffsetDateTime.parse(value);
            return ("PKDateStyleNone".equals(field.get("timeStyle")) ? DAY : DAY_AND_TIME).format(at);
        } catch (DateTimeParseException e) {
            return value;
        }
    }

    private static @Nullable String hex(@Nullable Object rgb) {
        if (!(rgb instanceof String text)) {
            return null;
        }
        Matcher m = RGB.matcher(text);
        if (!m.matches()) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "#%02X%02X%02X",
                Integer.parseInt(m.group(1)),
                Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)));
    }
}
