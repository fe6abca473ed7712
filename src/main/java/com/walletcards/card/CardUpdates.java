package com.walletcards.card;

import com.walletcards.card.UpdateListQueries.Counts;
import com.walletcards.card.UpdateListQueries.VersionRow;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The card module's facade for update delivery: the content versions of a campaign that reached
 * cards, with their delivery counts by provider, read from the counters kept beside the facts (a
 * few rows per version at any campaign size). docs/update-delivery.md gives the counting rules.
 */
@Service
public class CardUpdates {

    /** How far one content version got through one provider. */
    public record DeliveryCounts(long target, long delivered, long pending, long failed, long stale) {}

    /** One content version: its number, when it was made, the fields it changed, and its delivery. */
    public record ContentUpdate(
            long version, Instant at, List<String> changed, Map<String, DeliveryCounts> byProvider) {}

    public record UpdatePage(List<ContentUpdate> updates, long total) {}

    private final UpdateListQueries queries;
    private final WalletProviders providers;

    CardUpdates(UpdateListQueries queries, WalletProviders providers) {
        this.queries = queries;
        this.providers = providers;
    }

    /**
     * The campaign's versions that reached cards, newest first. The caller checks that the
     * campaign is the organization's; versions of another organization are never read.
     */
    @Transactional(readOnly = true)
    public UpdatePage list(OrganizationId org, String campaignId, Page page) {
        long total = queries.reachedCount(org, campaignId);
        List<VersionRow> rows = queries.reached(org, campaignId, page.limit(), page.offset());
        Map<Long, Map<String, Counts>> counts = queries.counts(
                campaignId, rows.stream().map(VersionRow::version).toList());
        List<ContentUpdate> updates = rows.stream()
                .map(row -> {
                    Map<String, Counts> of = counts.getOrDefault(row.version(), Map.of());
                    Map<String, DeliveryCounts> byProvider = new LinkedHashMap<>();
                    providers.names().stream().map(Enum::name).sorted().forEach(p -> {
                        Counts c = of.getOrDefault(p, Counts.NONE);
                        byProvider.put(
                                p, new DeliveryCounts(c.target(), c.delivered(), c.pending(), c.failed(), c.stale()));
                    });
                    List<String> changed = row.changed().isEmpty()
                            ? List.of()
                            : Arrays.asList(row.changed().split(","));
                    return new ContentUpdate(row.version(), row.at(), changed, byProvider);
                })
                .toList();
        return new UpdatePage(updates, total);
    }
}
