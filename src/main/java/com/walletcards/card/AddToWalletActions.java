package com.walletcards.card;

import com.walletcards.card.CardEvents.CardHandedOver;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardContentSource;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.card.spi.WalletProvider.ObjectContent;
import com.walletcards.shared.DeviceClass;
import com.walletcards.shared.Ids;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * The holder's "add to wallet" action. The card is read without locks and the provider is called
 * outside any transaction, since a real protocol may go over the network (Google's object insert).
 */
@Component
class AddToWalletActions {

    private static final Logger log = LoggerFactory.getLogger(AddToWalletActions.class);

    private final CardQueries queries;
    private final WalletProviders providers;
    private final CardContentSource contents;
    private final ProviderEventsIntake providerEvents;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    AddToWalletActions(
            CardQueries queries,
            WalletProviders providers,
            CardContentSource contents,
            ProviderEventsIntake providerEvents,
            ApplicationEventPublisher events,
            Clock clock) {
        this.queries = queries;
        this.providers = providers;
        this.contents = contents;
        this.providerEvents = providerEvents;
        this.events = events;
        this.clock = clock;
    }

    AddToWalletOutcome open(String downloadCode, String providerName) {
        return opened(downloadCode, providerName).outcome();
    }

    /**
     * The holder's own request for the card at a provider: what {@link #open} answers, and, when it
     * hands the card over (a pass, a save redirect, an offer, a demonstration wallet), a {@link
     * CardHandedOver}. Its recording never fails the holder's request.
     */
    AddToWalletOutcome handOver(String downloadCode, String providerName, DeviceClass device) {
        Opened opened = opened(downloadCode, providerName);
        AddToWalletOutcome outcome = opened.outcome();
        if (opened.card() != null
                && (outcome instanceof AddToWalletOutcome.Ready || outcome instanceof AddToWalletOutcome.DemoWallet)) {
            WalletCard card = opened.card();
            try {
                events.publishEvent(new CardHandedOver(
                        card.organizationId(),
                        card.id(),
                        card.recipientId(),
                        card.campaignId(),
                        providerName,
                        device.name(),
                        Times.now(clock)));
            } catch (RuntimeException e) {
                log.warn("The hand-over of card {} to {} was not recorded: {}", card.id(), providerName, e.toString());
            }
        }
        return outcome;
    }

    /**
     * The holder adds the card to a demonstration wallet ({@code installed}) or removes it. Applied
     * as the provider's own report through {@link ProviderEventsIntake}, the path of the signed
     * callback, so the card changes exactly as a real wallet's report would change it. Only a
     * provider that answers as a demonstration wallet accepts it; every other outcome is returned
     * as it is. A card already in the wished state is left alone, so a repeated tap changes nothing.
     */
    AddToWalletOutcome keepInDemoWallet(String downloadCode, String providerName, boolean installed) {
        Opened opened = opened(downloadCode, providerName);
        String cardId = opened.cardId();
        if (!(opened.outcome() instanceof AddToWalletOutcome.DemoWallet demo)
                || cardId == null
                || demo.installed() == installed) {
            return opened.outcome();
        }
        providerEvents.apply(providerName, cardId, Ids.newId("demo"), installed, clock.instant());
        return open(downloadCode, providerName);
    }

    /** An outcome and, when one was found, the id of the card it is about. */
    private record Opened(
            AddToWalletOutcome outcome, @Nullable WalletCard card) {

        @Nullable
        String cardId() {
            return card == null ? null : card.id();
        }

        static Opened without(AddToWalletOutcome outcome) {
            return new Opened(outcome, null);
        }
    }

    private Opened opened(String downloadCode, String providerName) {
        Optional<WalletProvider> provider = providers.find(providerName);
        WalletCard card = queries.findByCode(downloadCode).orElse(null);
        if (provider.isEmpty() || card == null || card.status() == CardStatus.deleted) {
            return Opened.without(new AddToWalletOutcome.Unknown());
        }
        Optional<ProviderObject> object = card.objects().stream()
                .filter(o -> o.provider().equals(providerName))
                .findFirst();
        if (object.isEmpty()) {
            return Opened.without(new AddToWalletOutcome.Unknown());
        }
        if (card.status() == CardStatus.revoked) {
            return new Opened(new AddToWalletOutcome.Revoked(), card);
        }
        CardContent content = contents.contents(card.organizationId(), List.of(card.recipientId()))
                .get(card.recipientId());
        if (content == null) {
            return Opened.without(new AddToWalletOutcome.Unknown());
        }
        ProviderObjectRef ref =
                new ProviderObjectRef(card.id(), providerName, object.get().objectRef());
        AddToWallet action;
        try {
            action = provider.get().addToWallet(new ObjectContent(ref, content.withBarcodeValue(card.barcodeValue())));
        } catch (ProviderFailure failure) {
            log.warn("Add to wallet of card {} at {} failed: {}", card.id(), providerName, failure.reason());
            return new Opened(new AddToWalletOutcome.Unavailable(provider.get().name()), card);
        }
        if (action instanceof AddToWallet.DemoWallet) {
            return new Opened(
                    new AddToWalletOutcome.DemoWallet(
                            provider.get().name(),
                            content.campaignName(),
                            object.get().installed()),
                    card);
        }
        return new Opened(new AddToWalletOutcome.Ready(provider.get().name(), content.campaignName(), action), card);
    }
}
