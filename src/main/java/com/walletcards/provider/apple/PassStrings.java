package com.walletcards.provider.apple;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The pass's own translations, PassKit's way: every label, fixed value and change message the
 * service writes into {@code pass.json} is an English text that is also a key of
 * {@code en.lproj/pass.strings} and {@code de.lproj/pass.strings}. The wallet shows the entry of
 * the device's language, and the key itself where a language (or a key, such as a label made
 * from a free-form recipient data key) has none, which is why the keys are readable English.
 * Both folders are always in the pass: the device chooses, not the recipient's data.
 */
final class PassStrings {

    /** English key → German text. Every text the service puts on a pass must be here. */
    static final Map<String, String> GERMAN = german();

    private PassStrings() {}

    private static Map<String, String> german() {
        Map<String, String> de = new LinkedHashMap<>();
        de.put("Event", "Veranstaltung");
        de.put("Offer", "Angebot");
        de.put("Membership", "Mitgliedschaft");
        de.put("Access", "Zutritt");
        de.put("Card", "Karte");
        de.put("Starts", "Beginn");
        de.put("Ends", "Ende");
        de.put("Valid from", "Gültig ab");
        de.put("Valid until", "Gültig bis");
        de.put("Doors open", "Einlass");
        de.put("Holder", "Inhaber");
        de.put("Venue", "Ort");
        de.put("Gate", "Eingang");
        de.put("Section", "Block");
        de.put("Row", "Reihe");
        de.put("Seat", "Platz");
        de.put("Tier", "Stufe");
        de.put("Category", "Kategorie");
        de.put("Ticket type", "Ticketart");
        de.put("Latest message", "Neueste Nachricht");
        de.put("Issued by", "Ausgestellt von");
        de.put(PassFields.NO_MESSAGE, "Noch keine Nachrichten.");
        de.put("New start: %@", "Neuer Beginn: %@");
        de.put("New end: %@", "Neues Ende: %@");
        de.put("Now valid from %@", "Jetzt gültig ab %@");
        de.put("Now valid until %@", "Jetzt gültig bis %@");
        de.put("Doors now open at %@", "Einlass jetzt um %@");
        de.put("New venue: %@", "Neuer Ort: %@");
        de.put("New gate: %@", "Neuer Eingang: %@");
        de.put("New section: %@", "Neuer Block: %@");
        de.put("New row: %@", "Neue Reihe: %@");
        de.put("New seat: %@", "Neuer Platz: %@");
        return Collections.unmodifiableMap(de);
    }

    /** File name → bytes of both strings files. */
    static Map<String, byte[]> files() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Map<String, String> english = new LinkedHashMap<>();
        GERMAN.keySet().forEach(key -> english.put(key, key));
        files.put("en.lproj/pass.strings", strings(english));
        files.put("de.lproj/pass.strings", strings(GERMAN));
        return files;
    }

    /**
     * The strings-file format ({@code "key" = "value";} per line, {@code \"} and {@code \\}
     * escaped), in UTF-16 with a byte-order mark, the encoding Apple asks for pass strings files.
     */
    static byte[] strings(Map<String, String> entries) {
        StringBuilder text = new StringBuilder();
        entries.forEach((key, value) -> text.append('"')
                .append(escape(key))
                .append("\" = \"")
                .append(escape(value))
                .append("\";\n"));
        // Java's UTF-16 writes the byte-order mark (big-endian) that tells a reader the byte order.
        return text.toString().getBytes(StandardCharsets.UTF_16);
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
