package com.walletcards.email;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class InviteEmailsTest {

    private static final Map<String, String> VALUES = Map.of(
            "name", "<script>alert(1)</script>",
            "eventName", "Summit",
            "campaignName", "Summit",
            "downloadUrl", "https://cards.example/c/abc");

    @Test
    void placeholdersAreFilledInSubjectBodyAndButton() {
        OutgoingEmail email = InviteEmails.compose(
                "a@example.com",
                "Hi {{name}}",
                "See you at {{eventName}}",
                "Get {{eventName}}",
                Map.of("name", "Ada", "eventName", "Summit", "downloadUrl", "https://x/c/1"));
        assertThat(email.subject()).isEqualTo("Hi Ada");
        assertThat(email.text()).contains("See you at Summit").contains("Get Summit: https://x/c/1");
        assertThat(email.html()).contains("See you at Summit").contains("href=\"https://x/c/1\"");
    }

    @Test
    void valuesAreEscapedInTheHtmlPart() {
        OutgoingEmail email = InviteEmails.compose("a@example.com", null, "Hello {{name}}", null, VALUES);
        assertThat(email.html()).doesNotContain("<script>").contains("&lt;script&gt;");
    }

    @Test
    void defaultsApplyWhenNothingIsGiven() {
        OutgoingEmail email = InviteEmails.compose("a@example.com", null, null, null, VALUES);
        assertThat(email.subject()).isEqualTo("Your card for Summit");
        assertThat(email.html()).contains("Add to Wallet");
    }

    @Test
    void aNewlineInAValueCannotStartANewHeader() {
        OutgoingEmail email = InviteEmails.compose(
                "a@example.com", "Hi {{name}}", null, null, Map.of("name", "x\r\nBcc: evil@example.com"));
        assertThat(email.subject()).doesNotContain("\n").doesNotContain("\r");
    }

    @Test
    void unknownPlaceholdersStayAsWritten() {
        assertThat(EmailTemplate.text("{{nope}} {{name}}", Map.of("name", "Ada")))
                .isEqualTo("{{nope}} Ada");
    }
}
