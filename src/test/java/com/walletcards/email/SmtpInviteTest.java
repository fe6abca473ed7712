package com.walletcards.email;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetupTest;
import com.walletcards.access.AccessManagement;
import com.walletcards.access.OrganizationChanges;
import com.walletcards.access.OrganizationContact;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Pngs;
import com.walletcards.support.Tenants;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.awt.Color;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** Invitations through a real SMTP server (GreenMail), with true sent and failed counts. */
@DatabaseTest
@TestPropertySource(properties = {"wallet.email.smtp-host=127.0.0.1", "wallet.email.smtp-port=3025"})
class SmtpInviteTest {

    @RegisterExtension
    static GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP)
            .withConfiguration(GreenMailConfiguration.aConfig().withDisabledAuthentication());

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Test
    void invitationEmailsAreSentBySmtpInTheOrganizersNameWithTextAndHtmlParts() throws Exception {
        Tenants.Tenant tenant = Tenants.create(access);
        Api api = new Api(port, tenant.key());
        Flows flows = new Flows(api);
        String c = flows.campaign();
        String email = Flows.email();
        String r = flows.recipient(c, Map.of("email", email, "name", "Grace <b>"))
                .get("id")
                .asString();
        var invited = api.post(
                        "/v1/campaigns/" + c + "/recipients/" + r + "/invite",
                        Map.of("sendEmail", true, "email", Map.of("subject", "Your {{campaignName}} pass")))
                .data();
        assertThat(invited.get("emailSent").asBoolean()).isTrue();
        String url = invited.get("downloadUrl").asString();
        await().atMost(Duration.ofSeconds(20)).until(() -> smtp.getReceivedMessages().length >= 1);
        MimeMessage message = smtp.getReceivedMessages()[0];
        assertThat(message.getAllRecipients()[0].toString()).isEqualTo(email);
        assertThat(message.getSubject()).isEqualTo("Your Launch pass");
        String organizer =
                access.organization(tenant.organizationId()).orElseThrow().name();
        assertThat(((InternetAddress) message.getFrom()[0]).getPersonal()).isEqualTo(organizer);
        assertThat(((InternetAddress) message.getFrom()[0]).getAddress()).isEqualTo("no-reply@wallet.local");
        String raw = GreenMailUtil.getWholeMessage(message);
        assertThat(raw)
                .contains("text/plain")
                .contains("text/html")
                .contains(url)
                .contains("Grace &lt;b&gt;");
    }

    @Test
    void bulkInviteCountsSentAndFailedEmailsTruthfully() {
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String c = flows.campaign();
        List<String> ids = List.of(flows.recipient(c), flows.recipient(c));
        ids.forEach(id -> flows.waitForCard(c, id, "created"));
        var result = api.post("/v1/campaigns/" + c + "/recipients/bulk-invite", Map.of())
                .data();
        assertThat(result.get("invited").asInt()).isEqualTo(2);
        assertThat(result.get("emailsSent").asInt()).isEqualTo(2);
        assertThat(result.get("emailsFailed").asInt()).isZero();
        smtp.stop();
        String third = flows.recipient(c);
        flows.waitForCard(c, third, "created");
        var failed = api.post("/v1/campaigns/" + c + "/recipients/bulk-invite", Map.of())
                .data();
        assertThat(failed.get("invited").asInt())
                .as("the invite stands even though its email failed")
                .isEqualTo(1);
        assertThat(failed.get("emailsFailed").asInt()).isEqualTo(1);
        assertThat(api.get("/v1/campaigns/" + c + "/recipients/" + third)
                        .data()
                        .get("status")
                        .asString())
                .isEqualTo("invited");
    }

    @Test
    void anInvitationAnswersToTheOrganizersContactShowsItAndTheLogoInTheRecipientsLanguage() throws Exception {
        Tenants.Tenant tenant = Tenants.create(access);
        access.updateOrganization(
                tenant.organizationId(),
                new OrganizationChanges(
                        "Münchner Philharmonie",
                        true,
                        new OrganizationContact("tickets@phil.example", "+4989123456", "https://phil.example/hilfe"),
                        Locale.GERMAN));
        Api api = new Api(port, tenant.key());
        Flows flows = new Flows(api);
        String c = flows.campaign(Map.of("name", "Sommernacht"));
        Api.Response logo = api.bytes(
                "PUT", "/v1/campaigns/" + c + "/images/logo", Pngs.filled(160, 50, Color.ORANGE), "image/png");
        assertThat(logo.status()).as(logo.body()).isEqualTo(200);
        String logoUrl = logo.data().get("url").asString();
        String german = Flows.email();
        String english = Flows.email();
        String inGerman = flows.recipient(c, Map.of("email", german, "name", "Ada"))
                .get("id")
                .asString();
        String inEnglish = flows.recipient(c, Map.of("email", english, "name", "Grace", "locale", "en"))
                .get("id")
                .asString();
        for (String r : List.of(inGerman, inEnglish)) {
            assertThat(api.post("/v1/campaigns/" + c + "/recipients/" + r + "/invite", Map.of("sendEmail", true))
                            .data()
                            .get("emailSent")
                            .asBoolean())
                    .isTrue();
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> smtp.getReceivedMessages().length >= 2);

        MimeMessage de = received(german);
        assertThat(de.getSubject()).isEqualTo("Ihre Karte für Sommernacht");
        assertThat(de.getReplyTo())
                .extracting(a -> ((InternetAddress) a).getAddress())
                .containsExactly("tickets@phil.example");
        assertThat(((InternetAddress) de.getFrom()[0]).getAddress()).isEqualTo("no-reply@wallet.local");
        String deHtml = part(de, "text/html");
        String deText = part(de, "text/plain");
        assertThat(deHtml)
                .contains("lang=\"de\"")
                .contains("Hallo Ada,")
                .contains("src=\"" + logoUrl + "\"")
                .contains("href=\"mailto:tickets@phil.example\"")
                .contains("href=\"tel:+4989123456\"")
                .contains("href=\"https://phil.example/hilfe\"")
                .contains("Eine Antwort auf diese E-Mail erreicht Münchner Philharmonie.");
        assertThat(deText)
                .contains("Hallo Ada,")
                .contains("Fragen? Münchner Philharmonie hilft Ihnen gern:")
                .contains("E-Mail: tickets@phil.example")
                .contains("Telefon: +4989123456")
                .contains("Web: https://phil.example/hilfe");

        MimeMessage en = received(english);
        assertThat(en.getSubject()).isEqualTo("Your card for Sommernacht");
        assertThat(en.getReplyTo())
                .extracting(a -> ((InternetAddress) a).getAddress())
                .containsExactly("tickets@phil.example");
        assertThat(part(en, "text/plain"))
                .contains("Hello Grace,")
                .contains("Questions? Münchner Philharmonie is there to help:")
                .contains("Phone: +4989123456");
    }

    @Test
    void withoutAContactTheInvitationHasNoReplyToAndNoContactFooter() throws Exception {
        Api api = new Api(port, Tenants.create(access).key());
        Flows flows = new Flows(api);
        String c = flows.campaign();
        String email = Flows.email();
        String r = flows.recipient(c, Map.of("email", email)).get("id").asString();
        api.post("/v1/campaigns/" + c + "/recipients/" + r + "/invite", Map.of("sendEmail", true));
        await().atMost(Duration.ofSeconds(20)).until(() -> smtp.getReceivedMessages().length >= 1);
        MimeMessage message = received(email);
        assertThat(message.getHeader("Reply-To")).isNull();
        assertThat(part(message, "text/plain")).doesNotContain("Questions?");
        assertThat(part(message, "text/html")).doesNotContain("mailto:").doesNotContain("<img");
    }

    private static MimeMessage received(String to) throws Exception {
        for (MimeMessage m : smtp.getReceivedMessages()) {
            if (m.getAllRecipients()[0].toString().equals(to)) {
                return m;
            }
        }
        throw new AssertionError("no email to " + to);
    }

    /** The decoded text of the message's part of this type. */
    private static String part(Part part, String type) throws Exception {
        if (part.isMimeType(type)) {
            return (String) part.getContent();
        }
        if (part.getContent() instanceof Multipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                String found = part(multipart.getBodyPart(i), type);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
