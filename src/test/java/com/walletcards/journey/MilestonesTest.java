package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.journey.Milestones.Delta;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MilestonesTest {

    private static final OrganizationId ORG = new OrganizationId("org_1");
    private static final LocalDate DAY = LocalDate.of(2026, 11, 28);

    private final List<Delta> deltas = new ArrayList<>();
    private final Milestones ada = Milestones.fresh(fact(Step.ADDED, null), deltas);

    private static Fact fact(Step step, String provider) {
        return new Fact(ORG, "cmp_1", "rcp_1", step, provider, Instant.parse("2026-11-28T10:00:00Z"), Map.of());
    }

    private List<String> apply(Step step, String provider) {
        deltas.clear();
        ada.apply(fact(step, provider), DAY, deltas);
        return deltas.stream()
                .map(d -> d.metric() + (d.day() == null ? "" : "@day") + " " + d.n())
                .toList();
    }

    @Test
    void aStageCountsARecipientOnceWhileEveryDayCountsEachEvent() {
        assertThat(deltas).extracting(Delta::metric).containsExactly("added");
        assertThat(apply(Step.OPENED, null)).containsExactly("opened 1", "opened@day 1");
        assertThat(apply(Step.OPENED, null)).containsExactly("opened@day 1");
        assertThat(ada.openedCount).isEqualTo(2);
    }

    @Test
    void aProviderCountsAsInstalledUntilItsCardIsRemoved() {
        assertThat(apply(Step.INSTALLED, "beta"))
                .containsExactly("installed 1", "beta.installed 1", "installed@day 1", "beta.installed@day 1");
        assertThat(apply(Step.INSTALLED, "beta")).containsExactly("installed@day 1", "beta.installed@day 1");
        assertThat(apply(Step.REMOVED, "beta"))
                .containsExactly(
                        "removed 1", "beta.removed 1", "beta.installed -1", "beta.removed@day 1", "removed@day 1");
        assertThat(apply(Step.REMOVED, "beta")).containsExactly("beta.removed@day 1", "removed@day 1");
    }

    @Test
    void aDeletedRecipientTakesBackEveryTotalItCountsInAndIsIgnoredAfterwards() {
        apply(Step.CARD_CREATED, null);
        apply(Step.HANDED_OVER, "alpha");
        apply(Step.INSTALLED, "alpha");
        apply(Step.DEVICE_REGISTERED, "alpha");
        assertThat(apply(Step.DELETED, null))
                .containsExactlyInAnyOrder(
                        "added -1",
                        "cardCreated -1",
                        "installed -1",
                        "alpha.handedOver -1",
                        "alpha.installed -1",
                        "alpha.devices -1");
        assertThat(ada.apply(fact(Step.OPENED, null), DAY, deltas)).isEmpty();
        assertThat(apply(Step.OPENED, null)).isEmpty();
    }

    @Test
    void stepsThatAreNoJourneyEventsRecordNone() {
        assertThat(ada.apply(fact(Step.CARD_CREATED, null), DAY, deltas)).isEmpty();
        assertThat(ada.apply(fact(Step.INVITED, null), DAY, deltas)).contains(Map.of());
    }
}
