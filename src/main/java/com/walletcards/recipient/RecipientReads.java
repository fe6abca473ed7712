package com.walletcards.recipient;

import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.card.CardView;
import com.walletcards.card.WalletCards;
import com.walletcards.recipient.RecipientErrors.RecipientNotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.ProviderTypes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

/**
 * What the API shows of recipients: one, a filtered page, their history and their cards.
 *
 * <p>No transaction: each method runs one or two statements, and at the databases' READ COMMITTED
 * each statement sees its own snapshot even inside a transaction, so a read-only transaction would
 * only add its BEGIN and COMMIT round trips (the campaign check before a page guards the 404, not
 * a snapshot).
 */
@Service
public class RecipientReads {

    private final RecipientQueries queries;
    private final RecipientPageQueries pages;
    private final RecipientBrowseQueries browse;
    private final CampaignManagement campaigns;
    private final WalletCards cards;

    RecipientReads(
            RecipientQueries queries,
            RecipientPageQueries pages,
            RecipientBrowseQueries browse,
            CampaignManagement campaigns,
            WalletCards cards) {
        this.queries = queries;
        this.pages = pages;
        this.browse = browse;
        this.campaigns = campaigns;
        this.cards = cards;
    }

    public record RecipientPage(List<Recipient> recipients, long total) {}

    public Recipient get(OrganizationId org, CampaignId campaignId, String recipientId) {
        campaigns.get(org, campaignId);
        return queries.find(org, campaignId.value(), recipientId).orElseThrow(RecipientNotFound::new);
    }

    public RecipientPage list(
            OrganizationId org, CampaignId campaignId, @Nullable String email, @Nullable CardStatus status, Page page) {
        campaigns.get(org, campaignId);
        RecipientPageQueries.PageRows rows = pages.page(org, campaignId.value(), email, status, page);
        return new RecipientPage(rows.recipients(), rows.total());
    }

    /** A page of the campaign's recipients to browse: keyset pages, no count (the console's table). */
    public RecipientBrowse.Result browse(OrganizationId org, CampaignId campaignId, RecipientBrowse query) {
        campaigns.get(org, campaignId);
        return browse.page(org, campaignId.value(), query);
    }

    /** The wallets the recipient's card is installed on now. */
    public List<ProviderName> wallets(OrganizationId org, CampaignId campaignId, String recipientId) {
        return browse.wallets(org, campaignId.value(), recipientId);
    }

    public Map<String, List<HistoryItem>> history(OrganizationId org, List<Recipient> recipients) {
        Map<String, List<HistoryItem>> items = new HashMap<>();
        queries.history(org, recipients.stream().map(Recipient::id).toList())
                .forEach((id, entries) -> items.put(
                        id,
                        entries.stream()
                                .map(h -> new HistoryItem(h.status().name(), h.at(), h.reason()))
                                .toList()));
        return items;
    }

    /** The providers a recipient's card targets: its own list, else its campaign's. */
    public List<String> targetedProviders(OrganizationId org, CampaignId campaignId, Recipient r) {
        return ProviderTypes.expand(
                r.providerTypes() != null
                        ? r.providerTypes()
                        : campaigns.get(org, campaignId).providerTypes());
    }

    public Map<String, CardView> cards(OrganizationId org, List<Recipient> recipients) {
        return cards.views(
                org,
                recipients.stream()
                        .map(Recipient::walletCardId)
                        .filter(Objects::nonNull)
                        .toList());
    }
}
