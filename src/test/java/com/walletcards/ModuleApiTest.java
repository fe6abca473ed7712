package com.walletcards;

import static java.util.Map.entry;
import static java.util.stream.Collectors.toCollection;
import static java.util.stream.Collectors.toMap;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;

/**
 * Every public type a module shows other modules (its base package and its named interfaces, such
 * as {@code card::spi}) is listed here, relative to the module's base package. A type that becomes
 * public, or a new public type, fails this test until it is added on purpose; anything else belongs
 * in a sub-package or stays package-private. docs/adr/0001-modular-monolith.md.
 */
class ModuleApiTest {

    private static final Map<String, Set<String>> EXPECTED_APIS = Map.ofEntries(
            entry(
                    "shared",
                    Set.of(
                            "ApiException",
                            "CachedValue",
                            "CoalescedRuns",
                            "CoalescedRuns.Counts",
                            "DeviceClass",
                            "Envelope",
                            "ErrorCode",
                            "ExternalEvent",
                            "ExternalEvents",
                            "FieldError",
                            "Ids",
                            "InvalidState",
                            "Jobs",
                            "Json",
                            "NotFound",
                            "OrganizationId",
                            "Page",
                            "Pagination",
                            "PatchDocument",
                            "ProviderName",
                            "ProviderTypes",
                            "Retention",
                            "RetentionProperties",
                            "RunId",
                            "SqlArrays",
                            "StoredJsonObject",
                            "Times",
                            "V32__UpdatedObjectsKeepRoomOnTheirPages",
                            "Validation",
                            "ValidationFailed",
                            "web.ApiSchemas",
                            "web.ErrorBody",
                            "web.ErrorBody.Error",
                            "web.ErrorResponses",
                            "web.FailsWith",
                            "web.HolderLanguages",
                            "web.LargeBodyRoute",
                            "web.PayloadTooLarge",
                            "web.RequestIds")),
            entry("platform", Set.of("DataDirectory", "LeftoverBlindConnection", "RetentionJob")),
            entry("console", Set.of()),
            entry("audit", Set.of("AuditActor", "AuditEvent", "AuditPage", "AuditQuery", "AuditTarget", "AuditTrail")),
            entry(
                    "access",
                    Set.of(
                            "AccessManagement",
                            "ApiKey",
                            "ApiPrincipal",
                            "IssuedKey",
                            "Organization",
                            "OrganizationChanges",
                            "OrganizationContact",
                            "RequiresScope",
                            "RequiresScope.AuditRead",
                            "RequiresScope.CampaignsRead",
                            "RequiresScope.CampaignsWrite",
                            "RequiresScope.WebhooksRead",
                            "RequiresScope.WebhooksWrite",
                            "Scope")),
            entry(
                    "campaign",
                    Set.of(
                            "BarcodeType",
                            "BarcodeValueStrategy",
                            "Campaign",
                            "CampaignChange",
                            "CampaignChanges",
                            "CampaignData",
                            "CampaignEvents",
                            "CampaignEvents.CampaignCreated",
                            "CampaignEvents.CampaignDeleted",
                            "CampaignEvents.CampaignEvent",
                            "CampaignEvents.CampaignStatusChanged",
                            "CampaignEvents.CampaignUpdated",
                            "CampaignField",
                            "CampaignId",
                            "CampaignImage",
                            "CampaignImages",
                            "CampaignManagement",
                            "CampaignManagement.CampaignPage",
                            "CampaignStatus",
                            "CampaignType",
                            "CardColours",
                            "CardDesign",
                            "EventSchedule",
                            "EventTimes",
                            "EventTimes.When",
                            "ImageKind",
                            "NewCampaign",
                            "Venue")),
            entry(
                    "recipient",
                    Set.of(
                            "BulkAdd",
                            "BulkAdd.Added",
                            "BulkAdd.Failure",
                            "BulkAdd.Item",
                            "BulkAdd.Refused",
                            "BulkAdd.Result",
                            "HistoryEntry",
                            "HistoryItem",
                            "ImportBatch",
                            "ImportBatch.Outcome",
                            "NewRecipient",
                            "PendingCard",
                            "Recipient",
                            "RecipientBrowse",
                            "RecipientBrowse.Cursor",
                            "RecipientBrowse.Order",
                            "RecipientBrowse.Result",
                            "RecipientBrowse.Row",
                            "RecipientCards",
                            "RecipientChanges",
                            "RecipientCountTrigger",
                            "RecipientCsvImports",
                            "RecipientCsvImports.Preview",
                            "RecipientCsvImports.Progress",
                            "RecipientCsvImports.Refusal",
                            "RecipientEvents",
                            "RecipientEvents.CardsRequested",
                            "RecipientEvents.RecipientCreated",
                            "RecipientEvents.RecipientDeleted",
                            "RecipientEvents.RecipientEvent",
                            "RecipientEvents.RecipientInvited",
                            "RecipientEvents.RecipientRevoked",
                            "RecipientEvents.RecipientUpdated",
                            "RecipientLifecycle",
                            "RecipientPatches",
                            "RecipientReads",
                            "RecipientReads.RecipientPage",
                            "RecipientRegistration",
                            "V33__RecipientCountsKeptWithTheRows",
                            "V57__RecipientsBrowsedByKeyset")),
            entry(
                    "issuance",
                    Set.of(
                            "InviteEmail",
                            "InviteEmailOutcome",
                            "RecipientInvitations",
                            "RecipientInvitations.BulkInvitation",
                            "RecipientInvitations.Invitation",
                            "UpdateReports")),
            entry(
                    "card",
                    Set.of(
                            "ActiveCard",
                            "ActiveCards",
                            "AddToWalletOutcome",
                            "AddToWalletOutcome.DemoWallet",
                            "AddToWalletOutcome.Ready",
                            "AddToWalletOutcome.Revoked",
                            "AddToWalletOutcome.Unavailable",
                            "AddToWalletOutcome.Unknown",
                            "CardContentChanges",
                            "CardEvents",
                            "CardEvents.CardCreated",
                            "CardEvents.CardDeviceRegistration",
                            "CardEvents.CardEvent",
                            "CardEvents.CardHandedOver",
                            "CardEvents.CardInstalled",
                            "CardEvents.CardRemoved",
                            "CardEvents.CardRevoked",
                            "CardEvents.CardStatusChanged",
                            "CardEvents.CardUpdated",
                            "CardEvents.UpdateDelivered",
                            "CardEvents.UpdatePushed",
                            "CardEvents.UpdatesPushed",
                            "CardProperties",
                            "CardProperties.Propagation",
                            "CardStatus",
                            "CardUpdates",
                            "CardUpdates.ContentUpdate",
                            "CardUpdates.DeliveryCounts",
                            "CardUpdates.UpdatePage",
                            "CardView",
                            "CardView.ProviderState",
                            "HolderCards",
                            "NewCard",
                            "ProviderEventsIntake",
                            "ProviderObject",
                            "UpdateProperties",
                            "WalletCard",
                            "WalletCards",
                            "WalletProviders",
                            "spi.AddToWallet",
                            "spi.AddToWallet.DemoWallet",
                            "spi.AddToWallet.Download",
                            "spi.AddToWallet.Offer",
                            "spi.AddToWallet.Redirect",
                            "spi.CampaignContent",
                            "spi.Capabilities",
                            "spi.CardContent",
                            "spi.CardContentSource",
                            "spi.CardDesign",
                            "spi.CardDesign.ImageKind",
                            "spi.CardImages",
                            "spi.CardPreview",
                            "spi.CardPreview.Field",
                            "spi.CardPreview.Renderer",
                            "spi.CardVenue",
                            "spi.DeliveryReports",
                            "spi.HolderContent",
                            "spi.ObjectContents",
                            "spi.ObjectContents.CurrentObject",
                            "spi.ObjectContents.State",
                            "spi.ObjectEvent",
                            "spi.ObjectEvent.Kind",
                            "spi.ObjectEvents",
                            "spi.ProviderFailure",
                            "spi.ProviderFailure.Kind",
                            "spi.ProviderObjectRef",
                            "spi.PushMessage",
                            "spi.WalletProvider",
                            "spi.WalletProvider.MessageSender",
                            "spi.WalletProvider.ObjectContent",
                            "spi.WalletProviderFactory")),
            entry(
                    "provider",
                    Set.of("ProviderCallbacks", "WalletChanges", "HolderDevices", "HolderDevices.AppleDevice")),
            entry(
                    "provider.apple",
                    Set.of("ChangeMessages", "ChangeMessages.Field", "RegisteredDevices", "RegisteredDevices.Device")),
            entry("provider.google", Set.of()),
            entry("provider.openid4vci", Set.of()),
            entry(
                    "notification",
                    Set.of(
                            "CardMessages",
                            "CardMessages.Delivered",
                            "Message",
                            "Notification",
                            "NotificationEvents",
                            "NotificationEvents.NotificationEvent",
                            "NotificationEvents.NotificationFailed",
                            "NotificationEvents.NotificationSent",
                            "NotificationEvents.Outcome",
                            "NotificationKind",
                            "NotificationManagement",
                            "NotificationManagement.NotificationPage",
                            "NotificationStatus",
                            "ProviderReport",
                            "SendTime")),
            entry(
                    "webhook",
                    Set.of(
                            "Delivery",
                            "DeliveryAttempt",
                            "EventTypes",
                            "NewWebhook",
                            "SigningSecret",
                            "TargetPolicy",
                            "TargetPolicy.Resolver",
                            "Webhook",
                            "WebhookChanges",
                            "WebhookEvent",
                            "WebhookId",
                            "WebhookManagement",
                            "WebhookManagement.AttemptPage",
                            "WebhookManagement.DeliveryLog",
                            "WebhookManagement.WebhookPage",
                            "WebhookManagement.WithSecret",
                            "WebhookSettings")),
            entry("email", Set.of("Invite", "Invite.Contact", "InviteEmails", "Mailer", "OutgoingEmail")),
            entry(
                    "holder",
                    Set.of(
                            "AddToWalletPages",
                            "AddToWalletPages.Brand",
                            "AddToWalletPages.Surroundings",
                            "CardPageOpened",
                            "CardPageView",
                            "CardPageView.Action",
                            "CardPageView.Barcode",
                            "CardPageView.Detail",
                            "CardPageView.Message",
                            "CardPageView.Offer",
                            "CardPageView.Place",
                            "CardPages",
                            "CardPages.Live",
                            "CardPages.Missing",
                            "CardPages.Outcome",
                            "CardPages.Void",
                            "Device")),
            entry(
                    "journey",
                    Set.of(
                            "CampaignStats",
                            "CampaignStats.ByProvider",
                            "CampaignStats.Day",
                            "CampaignStats.Funnel",
                            "CampaignStats.Provider",
                            "JourneyEvent",
                            "JourneyEventType",
                            "Journeys",
                            "Journeys.JourneyPage",
                            "WalletDays",
                            "WalletDays.Day",
                            "WalletDays.PerWallet")));

    private final ApplicationModules modules = ApplicationModules.of(WalletCampaignsApplication.class);

    @Test
    void eachModuleShowsOnlyTheTypesListedAsItsApi() {
        Map<String, Set<String>> shown = modules.stream()
                .collect(toMap(m -> m.getIdentifier().toString(), ModuleApiTest::publicApi, (a, b) -> a, TreeMap::new));

        assertThat(shown.keySet())
                .as("modules; a new module needs its API listed here")
                .containsExactlyInAnyOrderElementsOf(EXPECTED_APIS.keySet());
        SoftAssertions.assertSoftly(softly -> shown.forEach((module, types) -> softly.assertThat(types)
                .as("public types of module %s (its base package and named interfaces)", module)
                .containsExactlyInAnyOrderElementsOf(new TreeSet<>(EXPECTED_APIS.get(module)))));
    }

    private static Set<String> publicApi(ApplicationModule module) {
        String base = module.getBasePackage().getName() + ".";
        return module.getNamedInterfaces().stream()
                .flatMap(api -> api.asJavaClasses())
                .filter(ModuleApiTest::visibleEverywhere)
                .map(type -> type.getName().substring(base.length()).replace('$', '.'))
                .collect(toCollection(TreeSet::new));
    }

    private static boolean visibleEverywhere(JavaClass type) {
        return type.getModifiers().contains(JavaModifier.PUBLIC)
                && type.getEnclosingClass()
                        .map(ModuleApiTest::visibleEverywhere)
                        .orElse(true);
    }
}
