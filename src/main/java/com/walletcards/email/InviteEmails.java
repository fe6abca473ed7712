package com.walletcards.email;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.util.HtmlUtils;

/** Composes an invitation: the caller's subject, body and button text, or sensible defaults. */
public final class InviteEmails {

    static final String DEFAULT_SUBJECT = "Your card for {{campaignName}}";
    static final String DEFAULT_BODY =
            "Hello {{name}},\n\nyour card for {{eventName}} is ready. Add it to your phone's wallet with the button below.";
    static final String DEFAULT_BUTTON = "Add to Wallet";

    private InviteEmails() {}

    /** {@code values} must hold every placeholder's value, including {@code downloadUrl}. */
    public static OutgoingEmail compose(
            String to,
            @Nullable String subject,
            @Nullable String body,
            @Nullable String buttonText,
            Map<String, String> values) {
        String subjectTemplate = subject == null || subject.isBlank() ? DEFAULT_SUBJECT : subject;
        String bodyTemplate = body == null || body.isBlank() ? DEFAULT_BODY : body;
        String button = buttonText == null || buttonText.isBlank() ? DEFAULT_BUTTON : buttonText;
        String url = values.getOrDefault("downloadUrl", "");
        // Subjects are one line: a newline in a value must not start a new header.
        String renderedSubject = EmailTemplate.text(subjectTemplate, values).replaceAll("[\\r\\n]+", " ");
        String text = EmailTemplate.text(bodyTemplate, values) + "\n\n" + EmailTemplate.text(button, values) + ": "
                + url + "\n";
        String html = "<!doctype html><html><body style=\"font-family:system-ui,sans-serif\">"
                + "<p>" + EmailTemplate.html(bodyTemplate, values).replace("\n", "<br>") + "</p>"
                + "<p><a href=\"" + HtmlUtils.htmlEscape(url)
                + "\" style=\"display:inline-block;padding:12px 20px;background:#1d1d1f;color:#fff;"
                + "border-radius:8px;text-decoration:none\">" + EmailTemplate.html(button, values) + "</a></p>"
                + "</body></html>";
        return new OutgoingEmail(to, renderedSubject, text, html);
    }
}
