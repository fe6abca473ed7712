package com.walletcards.email;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

/**
 * Composes an invitation that reads like the organizer's own mail, not like phishing: the
 * organizer's name as sender and in the text, the event's details, the link both as a button and
 * written out, the campaign's logo, how to reach the organizer (answers go to its contact email),
 * and a plain-text part that says everything the HTML part says, all in the recipient's language.
 * The caller's subject, body and button text replace the defaults, with their placeholders filled.
 */
@Component
public class InviteEmails {

    private final ITemplateEngine templates;
    private final MessageSource words;

    InviteEmails(ITemplateEngine templates, MessageSource words) {
        this.templates = templates;
        this.words = words;
    }

    public OutgoingEmail compose(
            Invite invite, @Nullable String subject, @Nullable String body, @Nullable String buttonText) {
        Locale locale = invite.locale();
        Map<String, String> values = invite.values();
        String renderedSubject = blank(subject)
                ? words.getMessage("email.subject", new Object[] {invite.eventName()}, locale)
                : EmailTemplate.text(subject, values);
        String button = blank(buttonText)
                ? words.getMessage("email.button", null, locale)
                : EmailTemplate.text(buttonText, values);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("invite", invite);
        model.put("button", button);
        model.put("customText", blank(body) ? null : EmailTemplate.text(body, values));
        model.put(
                "customHtml",
                blank(body) ? null : EmailTemplate.html(body, values).replace("\n", "<br>"));
        Context context = new Context(locale, model);
        // Subjects are one line: a newline in a value must not start a new header.
        return new OutgoingEmail(
                invite.to(),
                invite.organizer(),
                invite.contact() == null ? null : invite.contact().email(),
                renderedSubject.replaceAll("[\\r\\n]+", " "),
                templates.process("email/invite.txt", context),
                templates.process("email/invite", context));
    }

    private static boolean blank(@Nullable String value) {
        return value == null || value.isBlank();
    }
}
