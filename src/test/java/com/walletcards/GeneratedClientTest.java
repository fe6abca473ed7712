package com.walletcards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.client.ApiClient;
import com.walletcards.client.ApiException;
import com.walletcards.client.api.CampaignsApi;
import com.walletcards.client.api.NotificationsApi;
import com.walletcards.client.api.ProviderCallbacksApi;
import com.walletcards.client.api.RecipientsApi;
import com.walletcards.client.api.WebhooksApi;
import com.walletcards.client.model.BulkAddRequest;
import com.walletcards.client.model.BulkAddResult;
import com.walletcards.client.model.BulkInvitation;
import com.walletcards.client.model.BulkInviteRequest;
import com.walletcards.client.model.Campaign;
import com.walletcards.client.model.CampaignData;
import com.walletcards.client.model.CreateCampaignRequest;
import com.walletcards.client.model.CreateWebhookRequest;
import com.walletcards.client.model.DeliveryAttempt;
import com.walletcards.client.model.EventType;
import com.walletcards.client.model.Invitation;
import com.walletcards.client.model.InviteRequest;
import com.walletcards.client.model.NewRecipient;
import com.walletcards.client.model.Notification;
import com.walletcards.client.model.ProviderEvent;
import com.walletcards.client.model.ProviderType;
import com.walletcards.client.model.Recipient;
import com.walletcards.client.model.RecipientCardStatus;
import com.walletcards.client.model.RecipientData;
import com.walletcards.client.model.SendNotificationRequest;
import com.walletcards.client.model.WebhookWithSecret;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.SeparateDatabase;
import com.walletcards.support.Tenants;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * The main flow through a Java client generated from the service's own OpenAPI document (see the
 * openapi-generator plugin in pom.xml): if the document lied about a shape, a type or a rule, a
 * request would be refused or a response would not read into its generated model.
 */
@DatabaseTest
@ContextConfiguration(initializers = GeneratedClientTest.OwnDatabase.class)
@TestPropertySource(properties = "wallet.webhooks.allow-private-targets=true")
class GeneratedClientTest {

    /** Webhooks to 127.0.0.1 are allowed here, so no worker of a context that refuses them may see its deliveries. */
    static final class OwnDatabase extends SeparateDatabase {}

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    ApiClient client;
    CampaignsApi campaigns;
    RecipientsApi recipients;
    NotificationsApi notifications;
    WebhooksApi webhooks;

    @BeforeEach
    void client() {
        String key = Tenants.create(access).key();
        client = new ApiClient();
        client.updateBaseUri("http://127.0.0.1:" + port);
        Consumer<HttpRequest.Builder> bearer = request -> request.header("Authorization", "Bearer " + key);
        client.setRequestInterceptor(bearer);
        campaigns = new CampaignsApi(client);
        recipients = new RecipientsApi(client);
        notifications = new NotificationsApi(client);
        webhooks = new WebhooksApi(client);
    }

    @Test
    void theMainFlowRunsThroughTheGeneratedClient() throws Exception {
        Campaign campaign = campaigns
                .createCampaign(
                        new CreateCampaignRequest()
                                .name("Summer Summit")
                                .campaignType(CreateCampaignRequest.CampaignTypeEnum.EVENT)
                                .startDate(LocalDate.now().plusDays(10))
                                .timezone("Europe/Berlin")
                                .campaignData(new CampaignData()
                                        .location("Hall A")
                                        .startTime("18:00")
                                        .endTime("23:00")
                                        .barcodeType(CampaignData.BarcodeTypeEnum.QR))
                                .providerTypes(Set.of(ProviderType.ALPHA, ProviderType.BETA)),
                        UUID.randomUUID().toString())
                .getData();
        assertThat(campaign.getStatus()).isEqualTo(Campaign.StatusEnum.DRAFT);
        assertThat(campaign.getCampaignData().getBarcodeValueStrategy())
                .isEqualTo(CampaignData.BarcodeValueStrategyEnum.AUTO);
        assertThat(campaign.getEventStartsAt()).isNotNull();
        String campaignId = campaign.getId();
        assertThat(campaigns.listCampaigns(20, 0, null, "event").getData().getCampaigns())
                .extracting(c -> c.getId())
                .containsExactly(campaignId);

        Recipient ada = recipients
                .addRecipient(
                        campaignId,
                        new NewRecipient()
                                .email(Flows.email())
                                .name("Ada Lovelace")
                                .phone("+4915112345678")
                                .externalId("crm-7")
                                .recipientData(new RecipientData().putAdditionalProperty("seat", "A12")),
                        null)
                .getData();
        assertThat(ada.getStatus()).isEqualTo(Recipient.StatusEnum.PENDING);
        BulkAddResult bulk = recipients
                .addRecipients(
                        campaignId,
                        new BulkAddRequest()
                                .recipients(List.of(
                                        new NewRecipient().email(Flows.email()),
                                        new NewRecipient().email(Flows.email()),
                                        new NewRecipient().email("not an address")))
                                .sendEmail(false),
                        null)
                .getData();
        assertThat(bulk.getCreated()).isEqualTo(2);
        assertThat(bulk.getErrors())
                .singleElement()
                .satisfies(refused -> assertThat(refused.getIndex()).isEqualTo(2));

        Invitation invitation = recipients
                .inviteRecipient(campaignId, ada.getId(), null, new InviteRequest().sendEmail(false))
                .getData();
        assertThat(invitation.getDownloadUrl()).contains("/c/");
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(recipients
                                .listRecipients(campaignId, null, null, null, "created", null, null, null)
                                .getData()
                                .getRecipients())
                        .hasSize(2));
        BulkInvitation invitedRest = recipients
                .inviteReadyRecipients(campaignId, null, new BulkInviteRequest().sendEmail(false))
                .getData();
        assertThat(invitedRest.getInvited()).isEqualTo(2);
        assertThat(invitedRest.getRemaining()).isZero();

        RecipientCardStatus status =
                recipients.getRecipientCardStatus(campaignId, ada.getId()).getData();
        assertThat(status.getProviders()).extracting(p -> p.getProvider()).containsExactlyInAnyOrder("alpha", "beta");
        install(status.getWalletCardId());
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(recipients
                                .getRecipientCardStatus(campaignId, ada.getId())
                                .getData()
                                .getStatus())
                        .isEqualTo("active"));
        Recipient withExtras = recipients
                .listRecipients(campaignId, 10, 0, ada.getEmail(), null, true, true, true)
                .getData()
                .getRecipients()
                .get(0);
        assertThat(withExtras.getHistory()).isNotEmpty();
        assertThat(withExtras.getCards())
                .singleElement()
                .satisfies(card -> assertThat(card.getProviders()).hasSize(2));
        assertThat(withExtras.getDownloadUrls()).isNotEmpty();

        Notification sent = notifications
                .sendNotification(
                        campaignId,
                        new SendNotificationRequest().header("Doors open").body("Gate 3 is open"),
                        null)
                .getData();
        assertThat(sent.getKind()).isEqualTo(Notification.KindEnum.IMMEDIATE);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(notifications
                                .getNotification(campaignId, sent.getId())
                                .getData()
                                .getStatus())
                        .isEqualTo(Notification.StatusEnum.SENT));
        assertThat(notifications
                        .listNotifications(campaignId, "immediate", "sent", 20, 0)
                        .getData()
                        .getNotifications())
                .extracting(n -> n.getId())
                .containsExactly(sent.getId());

        WebhookWithSecret webhook = webhooks.createWebhook(
                        new CreateWebhookRequest()
                                .url(URI.create("http://127.0.0.1:9/hooks"))
                                .events(Set.of(EventType.CARD_INSTALLED, EventType.CARD_REMOVED))
                                .description("CRM sync"),
                        null)
                .getData();
        assertThat(webhook.getSecret()).startsWith("whsec_");
        webhooks.testWebhook(webhook.getId(), null);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            List<DeliveryAttempt> attempts = webhooks.listWebhookDeliveries(webhook.getId(), 20, 0)
                    .getData()
                    .getDeliveries();
            assertThat(attempts).isNotEmpty();
            assertThat(attempts.get(0).getType()).isEqualTo("webhook.test");
        });
    }

    @Test
    void failuresReadAsTheDocumentedStatusAndEnvelope() {
        try {
            campaigns.getCampaign("cmp_missing");
        } catch (ApiException e) {
            assertThat(e.getCode()).isEqualTo(404);
            assertThat(e.getResponseBody()).contains("\"NOT_FOUND\"");
            return;
        }
        throw new AssertionError("a missing campaign must be a 404");
    }

    /** The wallet's callback, signed over the exact bytes the generated client sends. */
    private void install(String walletCardId) throws Exception {
        ProviderEvent event = new ProviderEvent()
                .eventId(UUID.randomUUID().toString())
                .event(ProviderEvent.EventEnum.SAVE)
                .walletCardId(walletCardId)
                .occurredAt(OffsetDateTime.now());
        String body = new String(client.getObjectMapper().writeValueAsBytes(event), StandardCharsets.UTF_8);
        String signature =
                Flows.sign(DatabaseTest.CALLBACK_SECRET, Instant.now().getEpochSecond(), body);
        assertThat(new ProviderCallbacksApi(client)
                        .receiveProviderCallback("beta", signature, event)
                        .getData()
                        .getApplied())
                .isTrue();
    }
}
