package com.walletcards.journey;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderName;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What one recipient ever reached, as bits, and what it holds now: the row of {@code
 * journey_milestones}. {@link #apply} turns a fact into the counter differences it causes, so that
 * each stage counts a recipient once, and {@code DELETED} takes back everything it counted. A
 * deleted recipient's later facts change nothing and are not recorded.
 */
final class Milestones {

    static final int ADDED = 1;
    static final int CARD_CREATED = 2;
    static final int INVITED = 4;
    static final int OPENED = 8;
    static final int INSTALLED = 16;
    static final int REMOVED = 32;
    static final int REVOKED = 64;

    /** The funnel's stages, in its order, with their bits. */
    static final Map<String, Integer> FUNNEL = funnel();

    /** Per provider (by ordinal): handed over ever, installed ever (unused by the API), removed ever. */
    static int handedOver(ProviderName p) {
        return 1 << (8 + p.ordinal());
    }

    static int removedAt(ProviderName p) {
        return 1 << (16 + p.ordinal());
    }

    /** A counter difference: {@code day} null for a total, else the day of a daily figure. */
    record Delta(String campaignId, String metric, @Nullable LocalDate day, long n) {}

    final String recipientId;
    final OrganizationId organizationId;
    final String campaignId;
    int reached;
    int installedNow;
    int devices;
    long openedCount;
    boolean deleted;
    final boolean stored;
    boolean changed;

    Milestones(
            String recipientId,
            OrganizationId organizationId,
            String campaignId,
            int reached,
            int installedNow,
            int devices,
            long openedCount,
            boolean deleted,
            boolean stored) {
        this.recipientId = recipientId;
        this.organizationId = organizationId;
        this.campaignId = campaignId;
        this.reached = reached;
        this.installedNow = installedNow;
        this.devices = devices;
        this.openedCount = openedCount;
        this.deleted = deleted;
        this.stored = stored;
    }

    /** A recipient the module has no row of yet: it exists, so it counts as added. */
    static Milestones fresh(Fact fact, List<Delta> deltas) {
        Milestones m =
                new Milestones(fact.recipientId(), fact.organizationId(), fact.campaignId(), 0, 0, 0, 0, false, false);
        m.changed = true;
        if (fact.step() != Step.DELETED) {
            m.reach(ADDED, "added", deltas);
        } else {
            m.deleted = true;
        }
        return m;
    }

    /**
     * Applies a fact: adds its counter differences to {@code deltas} (days in the campaign's zone
     * via {@code day}) and answers the detail of its journey event, or empty when it records none.
     */
    Optional<Map<String, Object>> apply(Fact fact, @Nullable LocalDate day, List<Delta> deltas) {
        if (deleted) {
            return Optional.empty();
        }
        Map<String, Object> detail = new LinkedHashMap<>(fact.detail());
        ProviderName provider = fact.provider() == null
                ? null
                : ProviderName.parse(fact.provider()).orElse(null);
        switch (fact.step()) {
            case ADDED -> reach(ADDED, "added", deltas);
            case CARD_CREATED -> reach(CARD_CREATED, "cardCreated", deltas);
            case INVITED -> {
                reach(INVITED, "invited", deltas);
                deltas.add(new Delta(campaignId, "invited", day, 1));
            }
            case OPENED -> {
                reach(OPENED, "opened", deltas);
                openedCount++;
                changed = true;
                detail.put("count", openedCount);
                deltas.add(new Delta(campaignId, "opened", day, 1));
            }
            case HANDED_OVER -> {
                if (provider != null) {
                    reach(handedOver(provider), provider + ".handedOver", deltas);
                }
            }
            case INSTALLED -> {
                reach(INSTALLED, "installed", deltas);
                if (provider != null && (installedNow & bit(provider)) == 0) {
                    installedNow |= bit(provider);
                    changed = true;
                    deltas.add(new Delta(campaignId, provider + ".installed", null, 1));
                }
                deltas.add(new Delta(campaignId, "installed", day, 1));
                if (provider != null) {
                    // Per wallet and day too, for the console's chart; a day's rows are events.
                    deltas.add(new Delta(campaignId, provider + ".installed", day, 1));
                }
            }
            case REMOVED -> {
                reach(REMOVED, "removed", deltas);
                if (provider != null) {
                    reach(removedAt(provider), provider + ".removed", deltas);
                    if ((installedNow & bit(provider)) != 0) {
                        installedNow &= ~bit(provider);
                        changed = true;
                        deltas.add(new Delta(campaignId, provider + ".installed", null, -1));
                    }
                    deltas.add(new Delta(campaignId, provider + ".removed", day, 1));
                }
                deltas.add(new Delta(campaignId, "removed", day, 1));
            }
            case REVOKED -> reach(REVOKED, "revoked", deltas);
            case DEVICE_REGISTERED, DEVICE_UNREGISTERED -> {
                int change = fact.step() == Step.DEVICE_REGISTERED ? 1 : devices > 0 ? -1 : 0;
                if (change != 0 && provider != null) {
                    devices += change;
                    changed = true;
                    deltas.add(new Delta(campaignId, provider + ".devices", null, change));
                }
            }
            case DELETED -> forget(deltas);
            default -> {
                // Journey events that move no counter (content updates).
            }
        }
        return fact.step().journeyType() == null ? Optional.empty() : Optional.of(detail);
    }

    /** Whether the step counts in a daily figure, which needs its day ({@link #apply}). */
    static boolean countsDaily(Step step) {
        return step == Step.INVITED || step == Step.OPENED || step == Step.INSTALLED || step == Step.REMOVED;
    }

    /** Takes back every total the recipient counts in; the daily figures keep what happened. */
    private void forget(List<Delta> deltas) {
        FUNNEL.forEach((metric, bit) -> {
            if ((reached & bit) != 0) {
                deltas.add(new Delta(campaignId, metric, null, -1));
            }
        });
        for (ProviderName p : ProviderName.values()) {
            if ((reached & handedOver(p)) != 0) {
                deltas.add(new Delta(campaignId, p + ".handedOver", null, -1));
            }
            if ((reached & removedAt(p)) != 0) {
                deltas.add(new Delta(campaignId, p + ".removed", null, -1));
            }
            if ((installedNow & bit(p)) != 0) {
                deltas.add(new Delta(campaignId, p + ".installed", null, -1));
            }
        }
        if (devices > 0) {
            deltas.add(new Delta(campaignId, ProviderName.alpha + ".devices", null, -devices));
        }
        deleted = true;
        changed = true;
    }

    private void reach(int bit, String metric, List<Delta> deltas) {
        if ((reached & bit) == 0) {
            reached |= bit;
            changed = true;
            deltas.add(new Delta(campaignId, metric, null, 1));
        }
    }

    private static int bit(ProviderName p) {
        return 1 << p.ordinal();
    }

    private static Map<String, Integer> funnel() {
        Map<String, Integer> funnel = new LinkedHashMap<>();
        funnel.put("added", ADDED);
        funnel.put("cardCreated", CARD_CREATED);
        funnel.put("invited", INVITED);
        funnel.put("opened", OPENED);
        funnel.put("installed", INSTALLED);
        funnel.put("removed", REMOVED);
        funnel.put("revoked", REVOKED);
        return Map.copyOf(funnel);
    }
}
