package com.walletcards.console;

import com.walletcards.campaign.Campaign;

/** What every page that writes campaigns checks first, and how it recognizes a campaign's state. */
final class ConsoleWrites {

    /** A viewer's write is refused with 403 (their pages show no write action at all). */
    static final class ReadOnlyRole extends RuntimeException {
        ReadOnlyRole() {
            super("This role does not write campaigns", null, false, false);
        }
    }

    private ConsoleWrites() {}

    static void require(SignedIn user) {
        if (!user.role().writesCampaigns()) {
            throw new ReadOnlyRole();
        }
    }

    /** Users, keys and the like are the owners' (editors and viewers see no link to them either). */
    static void requireOwner(SignedIn user) {
        if (!user.role().managesUsers()) {
            throw new ReadOnlyRole();
        }
    }

    /**
     * The campaign's state as the summary page saw it: any write since (a change, a status move)
     * moves its time of last change, so a confirmation for an older state is refused.
     */
    static String version(Campaign campaign) {
        return campaign.contentVersion() + "-" + campaign.updatedAt().toEpochMilli();
    }
}
