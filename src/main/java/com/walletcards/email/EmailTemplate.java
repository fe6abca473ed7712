package com.walletcards.email;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.web.util.HtmlUtils;

/**
 * {@code {{placeholder}}} substitution. Values are escaped for the HTML part, so a recipient
 * named {@code <script>} stays text; unknown placeholders are left as written.
 */
final class EmailTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([A-Za-z]+)\\s*}}");

    private EmailTemplate() {}

    public static String text(String template, Map<String, String> values) {
        return substitute(template, values, false);
    }

    public static String html(String template, Map<String, String> values) {
        return substitute(HtmlUtils.htmlEscape(template), values, true);
    }

    private static String substitute(String template, Map<String, String> values, boolean escape) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            String replacement = value == null ? m.group() : escape ? HtmlUtils.htmlEscape(value) : value;
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
