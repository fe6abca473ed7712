package com.walletcards.recipient;

import com.walletcards.campaign.CampaignId;
import com.walletcards.card.CardStatus;
import com.walletcards.recipient.counts.RecipientCounts;
import com.walletcards.shared.OrganizationId;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * The recipients' side of card issuance, for the module that issues the cards: who waits for a
 * card, who is ready to be invited, and saving what issuing and inviting did to them. The
 * transitions themselves are the {@link Recipient}'s.
 */
@Service
public class RecipientCards {

    private final RecipientQueries queries;
    private final RecipientCounts counts;
    private final JdbcClient jdbc;

    RecipientCards(RecipientQueries queries, RecipientCounts counts, JdbcClient jdbc) {
        this.queries = queries;
        this.counts = counts;
        this.jdbc = jdbc;
    }

    /** Up to {@code limit} recipients of the batch still without a card, locked; those others hold are skipped. */
    public List<PendingCard> pendingInBatch(String cardBatch, int limit) {
        return queries.pendingInBatch(cardBatch, limit);
    }

    /**
     * Whether a recipient of this card batch still waits for its card, locked or not: issuing
     * skips recipients another transaction holds, and a run must not end without them. Cheap,
     * since a recipient leaves its batch when its card is created.
     */
    public boolean anyPending(String cardBatch) {
        return !jdbc.sql("SELECT id FROM recipients WHERE card_batch = ? AND wallet_card_id IS NULL"
                        + " AND deleted_at IS NULL FETCH FIRST 1 ROWS ONLY")
                .param(cardBatch)
                .query(String.class)
                .list()
                .isEmpty();
    }

    /** Takes recipients out of their card batch when no card can be issued (the campaign is gone). */
    public void abandon(Collection<String> recipientIds) {
        queries.abandon(recipientIds);
    }

    public List<Recipient> find(OrganizationId org, Collection<String> recipientIds) {
        return queries.findMany(org, recipientIds);
    }

    /** The recipient, locked until the caller's transaction ends; {@code RecipientNotFound} otherwise. */
    public Recipient lock(OrganizationId org, CampaignId campaignId, String recipientId) {
        return queries.lock(org, campaignId.value(), recipientId);
    }

    /** Ready recipients (status created) in creation order, locked so parallel bulk invites take disjoint sets. */
    public List<Recipient> lockReadyToInvite(OrganizationId org, CampaignId campaignId, int limit) {
        return queries.readyToInvite(org, campaignId.value(), limit);
    }

    /** How many recipients of the campaign are ready to be invited. */
    public long readyToInvite(CampaignId campaignId) {
        return counts.total(campaignId.value(), CardStatus.created);
    }

    /** Saves the statuses and cards of recipients that issuing or inviting moved, with their history. */
    public void saveStatuses(List<Recipient> recipients, List<HistoryEntry> history) {
        queries.updateStatuses(recipients);
        queries.addHistory(history);
    }

    /** Saves one recipient whole, with one line of history. */
    public void save(Recipient recipient, HistoryEntry entry) {
        queries.update(recipient);
        queries.addHistory(List.of(entry));
    }
}
