package com.walletcards.journey;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.journey.Milestones.Delta;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Applies facts to their recipients' milestones and writes what they cause: the milestone rows,
 * the journey events and the counter differences. Two callers, each inside a transaction the
 * caller holds: {@link #write} for the organization's own steps as they happen, and {@link
 * #foldBatch} for the holder's and the wallets' steps appended to {@code journey_facts}.
 */
@Component
class JourneyWrites {

    private static final Set<Step> CONTENT_UPDATES = Set.of(Step.UPDATE_PUSHED, Step.UPDATE_DELIVERED);

    private final JourneyStore store;
    private final JourneyFacts appended;
    private final CampaignManagement campaigns;

    JourneyWrites(JourneyStore store, JourneyFacts appended, CampaignManagement campaigns) {
        this.store = store;
        this.appended = appended;
        this.campaigns = campaigns;
    }

    /**
     * Writes the facts now. Their recipients' appended facts that no fold holds are applied first,
     * in their order: they happened before (a page view before the deletion that takes its
     * recipient out of the figures), and a deletion must find the milestones they reach.
     */
    void write(List<Fact> facts) {
        if (facts.stream().allMatch(f -> CONTENT_UPDATES.contains(f.step()))) {
            // A propagation pushes to every installed card: its journey entries move no counter,
            // so they are appended without reading or locking the recipients' milestones.
            store.append(facts.stream().map(JourneyWrites::updateRow).toList());
            return;
        }
        // A recipient just added has no row and no fact yet: nothing to lock (a single add's cost, a bulk add's).
        if (facts.stream().allMatch(f -> f.step() == Step.ADDED)) {
            apply(facts, new LinkedHashMap<>());
            return;
        }
        Set<String> ids = new LinkedHashSet<>();
        facts.forEach(f -> ids.add(f.recipientId()));
        Map<String, Milestones> rows = store.lock(ids);
        List<JourneyFacts.Pending> earlier = appended.claimOf(ids);
        List<Fact> all = new ArrayList<>(earlier.size() + facts.size());
        earlier.forEach(p -> all.add(p.fact()));
        all.addAll(facts);
        apply(all, rows);
        appended.delete(earlier);
    }

    /**
     * Folds up to {@code limit} of the oldest appended facts: claims them (skipping those another
     * fold holds), locks their recipients' milestones, applies them in their order, writes what
     * they cause and deletes them. Answers how many it folded. All of it commits or none: a fold
     * that dies halfway leaves every fact for the next one, and a folded fact is gone with the
     * commit that counted it.
     */
    int foldBatch(int limit) {
        List<JourneyFacts.Pending> claimed = appended.claim(limit);
        if (claimed.isEmpty()) {
            return 0;
        }
        Set<String> ids = new LinkedHashSet<>();
        claimed.forEach(p -> ids.add(p.fact().recipientId()));
        Map<String, Milestones> rows = store.lock(ids);
        apply(claimed.stream().map(JourneyFacts.Pending::fact).toList(), rows);
        if (appended.delete(claimed) != claimed.size()) {
            throw new IllegalStateException("Journey facts this fold held were deleted by another transaction");
        }
        return claimed.size();
    }

    private void apply(List<Fact> facts, Map<String, Milestones> rows) {
        Map<String, ZoneId> zones = new HashMap<>();
        List<Delta> deltas = new ArrayList<>();
        List<JourneyStore.Row> events = new ArrayList<>();
        for (Fact f : facts) {
            Milestones m = rows.get(f.recipientId());
            if (m == null) {
                m = Milestones.fresh(f, deltas);
                rows.put(f.recipientId(), m);
            }
            // Only daily figures need the campaign's zone: an add or a card run reads no campaign.
            LocalDate day = Milestones.countsDaily(f.step())
                    ? f.at().atZone(zones.computeIfAbsent(f.campaignId(), id -> zone(f)))
                            .toLocalDate()
                    : null;
            Milestones row = m;
            m.apply(f, day, deltas)
                    .ifPresent(detail -> events.add(new JourneyStore.Row(
                            row.organizationId,
                            row.campaignId,
                            row.recipientId,
                            requireType(f.step().journeyType()),
                            f.provider(),
                            f.at(),
                            detail)));
        }
        store.save(rows.values());
        store.append(events);
        store.count(deltas);
    }

    private static JourneyStore.Row updateRow(Fact f) {
        return new JourneyStore.Row(
                f.organizationId(),
                f.campaignId(),
                f.recipientId(),
                requireType(f.step().journeyType()),
                f.provider(),
                f.at(),
                f.detail());
    }

    private static JourneyEventType requireType(@Nullable JourneyEventType type) {
        if (type == null) {
            throw new IllegalStateException("A step with a journey event has its type");
        }
        return type;
    }

    /** The campaign's time zone, in which its daily figures are counted; UTC if it has none. */
    private ZoneId zone(Fact f) {
        try {
            return campaigns
                    .find(f.organizationId(), new CampaignId(f.campaignId()))
                    .map(Campaign::timezone)
                    .orElse(ZoneOffset.UTC);
        } catch (RuntimeException e) {
            return ZoneOffset.UTC;
        }
    }
}
