package com.walletcards.email;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

class InviteEmailsTest {

    static final InviteEmails EMAILS = emails();

    private static final Map<String, String> VALUES = Map.of(
            "name", "<script>alert(1)</script>",
            "eventName", "Summit",
            "campaignName", "Summit",
            "downloadUrl", "https://cards.example/c/abc");

    /** The templates and wording as the application has them, without starting it. */
    static InviteEmails emails() {
        ResourceBundleMessageSource words = new ResourceBundleMessageSource();
        words.setBasename("messages");
        words.setFallbackToSystemLocale(false);
        words.setDefaultEncoding("UTF-8");
        ClassLoaderTemplateResolver html = new ClassLoaderTemplateResolver();
        html.setPrefix("templates/");
        html.setSuffix(".html");
        html.setOrder(2);
        SpringTemplateEngine engine = new SpringTemplateEngine();
        engine.addTemplateResolver(new EmailTemplates().textTemplates());
        engine.addTemplateResolver(html);
        engine.setTemplateEngineMessageSource(words);
        return new InviteEmails(engine, words);
    }

    static Invite invite(@Nullable String name, Map<String, String> values) {
        return new Invite(
                "ada@example.com",
                name,
                "Munich Philharmonic",
                "Summer Night Concert",
                "Tuesday 1 July 2031",
                "19:30 – 23:00 CEST",
                "Olympiahalle, Munich",
                "https://cards.example/c/abc",
                "#0A1B2C",
                "#FFFFFF",
                values,
                List.of());
    }

    @Test
    void theDefaultInvitationNamesTheOrganizerTheEventAndTheLinkInBothParts() {
        OutgoingEmail email = EMAILS.compose(invite("Ada Lovelace", VALUES), null, null, null);
        assertThat(email.senderName()).isEqualTo("Munich Philharmonic");
        assertThat(email.subject()).isEqualTo("Your card for Summer Night Concert");
        for (String part : new String[] {email.text(), email.html()}) {
            assertThat(part)
                    .contains("Hello Ada Lovelace,")
                    .contains("Munich Philharmonic has issued you a card for Summer Night Concert.")
                    .contains("Tuesday 1 July 2031")
                    .contains("19:30 – 23:00 CEST")
                    .contains("Olympiahalle, Munich")
                    .contains("Get your card")
                    .contains("https://cards.example/c/abc")
                    .contains("because Munich Philharmonic issued a card for Summer Night Concert to ada@example.com.");
        }
        assertThat(email.html())
                .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .contains("background:#0A1B2C")
                .contains("href=\"https://cards.example/c/abc\"");
    }

    @Test
    void placeholdersAreFilledInSubjectBodyAndButton() {
        OutgoingEmail email = EMAILS.compose(
                invite("Ada", Map.of("name", "Ada", "eventName", "Summit", "downloadUrl", "https://x/c/1")),
                "Hi {{name}}",
                "See you at {{eventName}}",
                "Get {{eventName}}");
        assertThat(email.subject()).isEqualTo("Hi Ada");
        assertThat(email.text()).contains("See you at Summit").contains("Get Summit:\nhttps://cards.example/c/abc");
        assertThat(email.html()).contains("See you at Summit").contains(">Get Summit</a>");
    }

    @Test
    void valuesAreEscapedInTheHtmlPart() {
        OutgoingEmail email = EMAILS.compose(invite("<b>Ada</b>", VALUES), null, "Hello {{name}}", null);
        assertThat(email.html()).doesNotContain("<script>").contains("&lt;script&gt;");
        assertThat(EMAILS.compose(invite("<b>Ada</b>", VALUES), null, null, null)
                        .html())
                .doesNotContain("<b>Ada</b>")
                .contains("&lt;b&gt;Ada&lt;/b&gt;");
    }

    @Test
    void withoutANameTheGreetingStaysPolite() {
        assertThat(EMAILS.compose(invite(null, VALUES), null, null, null).text())
                .startsWith("Hello,\n");
    }

    @Test
    void aNewlineInAValueCannotStartANewHeader() {
        OutgoingEmail email =
                EMAILS.compose(invite("x", Map.of("name", "x\r\nBcc: evil@example.com")), "Hi {{name}}", null, null);
        assertThat(email.subject()).doesNotContain("\n").doesNotContain("\r");
    }

    @Test
    void unknownPlaceholdersStayAsWritten() {
        assertThat(EmailTemplate.text("{{nope}} {{name}}", Map.of("name", "Ada")))
                .isEqualTo("{{nope}} Ada");
    }

    /** The same invitation in German, with the campaign's logo and the organizer's contact. */
    static Invite germanInvite(String logoUrl) {
        return new Invite(
                "ada@example.com",
                "Ada Lovelace",
                "Münchner Philharmonie",
                "Sommernachtskonzert",
                "Dienstag, 1. Juli 2031",
                "19:30 – 23:00 MESZ",
                "Olympiahalle, München",
                "https://cards.example/c/abc",
                "#0A1B2C",
                "#FFFFFF",
                Map.of(),
                List.of(),
                Locale.GERMAN,
                logoUrl,
                new Invite.Contact("tickets@phil.example", "+4989123456", "https://phil.example/hilfe"));
    }

    @Test
    void aGermanInvitationIsGermanThroughoutAndAnswersToTheOrganizer() {
        OutgoingEmail email = EMAILS.compose(germanInvite("https://cards.example/images/logo.png"), null, null, null);
        assertThat(email.subject()).isEqualTo("Ihre Karte für Sommernachtskonzert");
        assertThat(email.replyTo()).isEqualTo("tickets@phil.example");
        for (String part : new String[] {email.text(), email.html()}) {
            assertThat(part)
                    .contains("Hallo Ada Lovelace,")
                    .contains("Münchner Philharmonie hat Ihnen eine Karte für Sommernachtskonzert ausgestellt.")
                    .contains("Karte abrufen")
                    .contains("Fragen? Münchner Philharmonie hilft Ihnen gern:")
                    .contains("tickets@phil.example")
                    .contains("+4989123456")
                    .contains("https://phil.example/hilfe")
                    .doesNotContain("Hello")
                    .doesNotContain("Get your card");
        }
        assertThat(email.html())
                .contains("<html lang=\"de\">")
                .contains("src=\"https://cards.example/images/logo.png\"")
                .contains("href=\"mailto:tickets@phil.example\"");
    }

    @Test
    void anEnglishInvitationWithoutContactHasNoReplyAddress() {
        OutgoingEmail email = EMAILS.compose(invite("Ada", VALUES), null, null, null);
        assertThat(email.replyTo()).isNull();
        assertThat(email.text()).doesNotContain("Questions?");
        assertThat(email.html()).doesNotContain("<img");
    }
}
