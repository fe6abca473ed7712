package com.walletcards.card;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Numbers every change that reaches cards per campaign, in the transaction of the change: a
 * campaign content change, one recipient's content change, a revocation. The number orders a
 * campaign's versions; which version a card received is matched through the content version the
 * card already carries (docs/adr/0029-update-delivery.md).
 */
@Component
class ContentVersions {

    enum Kind {
        campaign,
        recipient,
        revocation
    }

    private final UpdateQueries queries;
    private final WalletProviders providers;
    private final Clock clock;

    ContentVersions(UpdateQueries queries, WalletProviders providers, Clock clock) {
        this.queries = queries;
        this.providers = providers;
        this.clock = clock;
    }

    /** Records a version of the campaign and returns its number. */
    long record(
            OrganizationId org,
            String campaignId,
            Kind kind,
            @Nullable String walletCardId,
            Collection<String> changed) {
        Instant now = Times.now(clock);
        long version = queries.nextVersion(campaignId);
        queries.insertVersion(
                org,
                campaignId,
                version,
                kind.name(),
                walletCardId,
                String.join(",", changed),
                now,
                providers.names().stream().map(Enum::name).sorted().toList());
        return version;
    }
}
