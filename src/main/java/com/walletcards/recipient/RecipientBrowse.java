package com.walletcards.recipient;

import com.walletcards.card.CardStatus;
import com.walletcards.shared.ProviderName;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of a campaign's recipients for people to browse (the console's table): a prefix search,
 * filters and an order, paged by keyset cursors so that a page deep in a table of a million rows
 * costs what the first does. No page counts the rows it does not show.
 *
 * @param search a prefix of the email, the name (both case-insensitive) or the external id
 * @param status only this status; without it, every live (not deleted) recipient
 * @param wallet only recipients whose card is installed on this wallet now
 * @param order newest added first, or latest activity first
 * @param cursor where the page starts: after (next) or before (previous) a row of another page
 */
public record RecipientBrowse(
        @Nullable String search,
        @Nullable CardStatus status,
        @Nullable ProviderName wallet,
        Order order,
        @Nullable Cursor cursor,
        int size) {

    public enum Order {
        /** Newest added first (ids are time-ordered). */
        added,
        /** Latest activity first: the recipient's last change ({@code updated_at}). */
        activity
    }

    /** A page boundary: the row's key, and whether the page lies after it (next) or before it (previous). */
    public record Cursor(String key, boolean before) {}

    /** A listed recipient with the wallets its card is installed on now. */
    public record Row(Recipient recipient, List<ProviderName> wallets) {

        /** The time the "last activity" order sorts by. */
        public Instant lastActivity() {
            return recipient.updatedAt();
        }
    }

    /**
     * A page and the cursors of its neighbours (null where there is none).
     *
     * @param next the cursor of the following page
     * @param previous the cursor of the preceding page
     */
    public record Result(
            List<Row> rows, @Nullable Cursor next, @Nullable Cursor previous) {}
}
