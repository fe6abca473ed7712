package com.walletcards.email;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetupTest;
import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.List;
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
}
