package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.campaign.CampaignErrors.InvalidStatusTransition;
import com.walletcards.campaign.CampaignErrors.SettingLocked;
import com.walletcards.campaign.CampaignEvents.CampaignEvent;
import com.walletcards.campaign.CampaignEvents.CampaignStatusChanged;
import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ValidationFailed;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class CampaignTest {

    private static final Instant NOW = Instant.parse("2031-01-01T10:00:00Z");
    private static final OrganizationId ORG = new OrganizationId("org_1");

    private static Campaign draft(Map<String, Object> data) {
        return Campaign.create(
                new CampaignId("cmp_1"),
                ORG,
                new NewCampaign(
                        "Launch", CampaignType.event, data, LocalDate.of(2031, 7, 1), null, null, List.of(), Map.of()),
                NOW);
    }

    private static CampaignChanges status(String status) {
        return new CampaignChanges(null, null, null, false, null, false, null, null, null, null, status);
    }

    private static CampaignChanges data(Map<String, @Nullable Object> patch) {
        return new CampaignChanges(null, null, patch, false, null, false, null, null, null, null, null);
    }

    @Test
    void aNewCampaignIsADraftWithTheDocumentedDefaults() {
        Campaign c = draft(Map.of());
        assertThat(c.status()).isEqualTo(CampaignStatus.draft);
        assertThat(c.barcodeType()).isEqualTo(BarcodeType.qr);
        assertThat(c.barcodeValueStrategy()).isEqualTo(BarcodeValueStrategy.auto);
        assertThat(c.campaignData()).containsEntry("timezone", "UTC");
        assertThat(c.providerTypes()).containsExactly("all");
    }

    @Test
    void completedCannotBeSetThroughPatch() {
        assertThatThrownBy(() -> draft(Map.of()).apply(status("completed"), NOW))
                .isInstanceOf(InvalidStatusTransition.class);
    }

    @Test
    void draftCanOnlyBeReachedFromArchived() {
        Campaign c = draft(Map.of());
        c.apply(status("active"), NOW);
        assertThatThrownBy(() -> c.apply(status("draft"), NOW)).isInstanceOf(InvalidStatusTransition.class);
        c.archive(NOW);
        List<CampaignEvent> events = c.apply(status("draft"), NOW);
        assertThat(c.status()).isEqualTo(CampaignStatus.draft);
        assertThat(events).singleElement().isInstanceOf(CampaignStatusChanged.class);
    }

    @Test
    void unarchivingACampaignThatIsNotArchivedIsAnInvalidState() {
        assertThatThrownBy(() -> draft(Map.of()).unarchive(NOW)).isInstanceOf(InvalidState.class);
    }

    @Test
    void archivingTwiceChangesNothingTheSecondTime() {
        Campaign c = draft(Map.of());
        assertThat(c.archive(NOW)).isPresent();
        assertThat(c.archive(NOW)).isEmpty();
    }

    @Test
    void campaignDataIsMergedKeyByKeyAndNullRemovesAKey() {
        Campaign c = draft(Map.of("location", "Hall A", "seat", "free"));
        Map<String, @Nullable Object> patch = new HashMap<>();
        patch.put("location", "Hall B");
        patch.put("seat", null);
        List<CampaignEvent> events = c.apply(data(patch), NOW);
        assertThat(c.campaignData()).containsEntry("location", "Hall B").doesNotContainKey("seat");
        assertThat(events)
                .singleElement()
                .isInstanceOfSatisfying(
                        CampaignUpdated.class,
                        e -> assertThat(e.contentVersion()).isEqualTo(2));
    }

    @Test
    void aPatchThatChangesNothingPublishesNothing() {
        Campaign c = draft(Map.of("location", "Hall A"));
        assertThat(c.apply(data(Map.of("location", "Hall A")), NOW)).isEmpty();
        assertThat(c.contentVersion()).isEqualTo(1);
    }

    @Test
    void barcodeStrategyIsLockedOnceTheCampaignHasRecipients() {
        Campaign c = new Campaign(
                new CampaignId("cmp_2"),
                ORG,
                "x",
                CampaignType.event,
                CampaignStatus.draft,
                new HashMap<>(Map.of("barcodeType", "qr", "barcodeValueStrategy", "auto", "timezone", "UTC")),
                Map.of(),
                null,
                null,
                List.of("all"),
                true,
                1,
                NOW,
                NOW,
                EventSchedule.NONE);
        assertThatThrownBy(() -> c.apply(data(Map.of("barcodeValueStrategy", "custom")), NOW))
                .isInstanceOf(SettingLocked.class);
        assertThat(c.apply(data(Map.of("barcodeValueStrategy", "auto")), NOW)).isEmpty();
    }

    @Test
    void anInvalidBarcodeTypeNamesTheField() {
        assertThatThrownBy(() -> draft(Map.of("barcodeType", "ean13")))
                .isInstanceOfSatisfying(
                        ValidationFailed.class,
                        e -> assertThat(e.details()).extracting("field").contains("campaignData.barcodeType"));
    }

    @Test
    void anActiveCampaignCompletesOnceItsEventIsOver() {
        Campaign c = draft(Map.of("end_time", "22:00"));
        c.apply(status("active"), NOW);
        assertThat(c.completeIfOver(Instant.parse("2031-07-01T21:59:00Z"))).isEmpty();
        assertThat(c.completeIfOver(Instant.parse("2031-07-01T22:00:01Z"))).isPresent();
        assertThat(c.status()).isEqualTo(CampaignStatus.completed);
    }

    @Test
    void aDraftCampaignDoesNotCompleteByItself() {
        Campaign c = draft(Map.of());
        assertThat(c.completeIfOver(Instant.parse("2032-01-01T00:00:00Z"))).isEmpty();
    }

    @Test
    void aChangeOfWhatCardsShowIsAContentChange() {
        Campaign c = draft(Map.of("location", "Hall A"));
        CampaignChanges rename =
                new CampaignChanges("Launch 2", null, null, false, null, false, null, null, null, null, null);
        assertThat(c.apply(rename, NOW)).singleElement().isInstanceOfSatisfying(CampaignUpdated.class, e -> {
            assertThat(e.change().fields()).containsExactly(CampaignField.name);
            assertThat(e.change().contentChanged()).isTrue();
        });
        assertThat(c.imagesChanged(NOW).change().contentChanged()).isTrue();
    }

    @Test
    void metadataAndProviderTypesAloneChangeNoCard() {
        Campaign c = draft(Map.of("location", "Hall A"));
        CampaignChanges notOnCards = new CampaignChanges(
                null, null, null, false, null, false, null, null, List.of("alpha"), Map.of("crm", "42"), null);
        assertThat(c.apply(notOnCards, NOW)).singleElement().isInstanceOfSatisfying(CampaignUpdated.class, e -> {
            assertThat(e.change().fields())
                    .containsExactlyInAnyOrder(CampaignField.providerTypes, CampaignField.metadata);
            assertThat(e.change().contentChanged()).isFalse();
            assertThat(e.data()).containsEntry("changedFields", List.of("metadata", "providerTypes"));
        });
    }
}
