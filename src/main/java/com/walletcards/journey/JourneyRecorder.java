package com.walletcards.journey;

import com.walletcards.card.CardEvents.CardCreated;
import com.walletcards.card.CardEvents.CardDeviceRegistration;
import com.walletcards.card.CardEvents.CardHandedOver;
import com.walletcards.card.CardEvents.CardInstalled;
import com.walletcards.card.CardEvents.CardRemoved;
import com.walletcards.card.CardEvents.UpdateDelivered;
import com.walletcards.card.CardEvents.UpdatePushed;
import com.walletcards.card.CardEvents.UpdatesPushed;
import com.walletcards.holder.CardPageOpened;
import com.walletcards.issuance.InviteEmailOutcome;
import com.walletcards.recipient.RecipientEvents.RecipientCreated;
import com.walletcards.recipient.RecipientEvents.RecipientDeleted;
import com.walletcards.recipient.RecipientEvents.RecipientInvited;
import com.walletcards.recipient.RecipientEvents.RecipientRevoked;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.ExternalEvents;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Records the journey from the other modules' events, synchronously, where they are published.
 * What a holder's or a wallet's request causes (a page view, a hand-over, an install or removal,
 * an Apple device registration) is one appended row of {@code journey_facts}, which {@link
 * JourneyFactFolding} folds into milestones, events and counters a moment later: a holder's page
 * never waits for a lock, however many load the same card at once. The organization's own steps
 * (an add, an invitation, an email, a revocation, a deletion) are written as they happen.
 * Inside the transaction of a fact (a callback, an invitation, a deletion) it writes in a nested
 * transaction (a savepoint), so the fact and its record commit together; outside one (the card
 * page, a hand-over, an email) in a short transaction of its own. A failure to record rolls back to the
 * savepoint, is logged and counted ({@code wallet.journey.record.failures}), and never fails the
 * holder's page, the wallet's call or the change that caused it.
 *
 * <p>With {@code wallet.journey.record-holder-activity=false} the holder's own steps (card page
 * views and hand-overs) are dropped here, where they are consumed: the holder module still
 * publishes them (webhooks subscribed to {@code card.opened} still get them), but no journey
 * event, milestone or counter is written for them.
 *
 * <p>A new journey type is one more listener that turns its event into a {@link Fact}.
 */
@Component
class JourneyRecorder {

    private static final Logger log = LoggerFactory.getLogger(JourneyRecorder.class);
    /**
     * The steps a holder's or a wallet's request causes: appended as they are, one insert without
     * a read or a lock, and folded into milestones, events and counters a moment later.
     */
    static final Set<Step> APPENDED = Set.of(
            Step.OPENED,
            Step.HANDED_OVER,
            Step.INSTALLED,
            Step.REMOVED,
            Step.DEVICE_REGISTERED,
            Step.DEVICE_UNREGISTERED);

    private final JourneyWrites writes;
    private final JourneyFacts appended;
    private final TransactionTemplate nested;
    private final Counter failures;
    private final boolean holderActivity;

    JourneyRecorder(
            JourneyWrites writes,
            JourneyFacts appended,
            PlatformTransactionManager transactions,
            MeterRegistry registry,
            @Value("${wallet.journey.record-holder-activity:true}") boolean holderActivity) {
        this.writes = writes;
        this.appended = appended;
        this.holderActivity = holderActivity;
        this.nested = new TransactionTemplate(transactions);
        this.nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
        this.failures = Counter.builder("wallet.journey.record.failures")
                .description(
                        "Journey facts that could not be recorded (the request or change that caused them went on)")
                .register(registry);
    }

    @EventListener
    void on(ExternalEvent event) {
        if (recorded(event)) {
            fact(event).ifPresent(f -> record(List.of(f)));
        }
    }

    @EventListener
    void on(ExternalEvents events) {
        List<Fact> facts = new ArrayList<>();
        events.events().stream().filter(this::recorded).forEach(e -> fact(e).ifPresent(facts::add));
        if (!facts.isEmpty()) {
            record(facts);
        }
    }

    @EventListener
    void on(InviteEmailOutcome outcome) {
        record(List.of(Fact.of(
                outcome.organizationId(),
                outcome.campaignId(),
                outcome.recipientId(),
                outcome.accepted() ? Step.EMAIL_SENT : Step.EMAIL_FAILED,
                outcome.at())));
    }

    @EventListener
    void on(CardDeviceRegistration device) {
        record(List.of(new Fact(
                device.organizationId(),
                device.campaignId(),
                device.recipientId(),
                device.registered() ? Step.DEVICE_REGISTERED : Step.DEVICE_UNREGISTERED,
                device.provider(),
                device.at(),
                Map.of())));
    }

    @EventListener
    void on(UpdatePushed pushed) {
        record(List.of(pushedFact(pushed)));
    }

    /** A batch's pushes: one append of all their facts. */
    @EventListener
    void on(UpdatesPushed batch) {
        if (!batch.pushed().isEmpty()) {
            record(batch.pushed().stream().map(JourneyRecorder::pushedFact).toList());
        }
    }

    private static Fact pushedFact(UpdatePushed pushed) {
        return new Fact(
                pushed.organizationId(),
                pushed.campaignId(),
                pushed.recipientId(),
                Step.UPDATE_PUSHED,
                pushed.provider(),
                pushed.at(),
                Map.of("version", pushed.version()));
    }

    /** False for a holder's page view or hand-over when the operator turned their recording off. */
    private boolean recorded(ExternalEvent e) {
        return holderActivity || !(e instanceof CardPageOpened || e instanceof CardHandedOver);
    }

    /** Java 17: instanceof chains over the events this module records. */
    private static Optional<Fact> fact(ExternalEvent e) {
        if (e instanceof RecipientCreated c) {
            return Optional.of(Fact.of(c.organizationId(), c.campaignId(), c.recipientId(), Step.ADDED, c.at()));
        }
        if (e instanceof CardCreated c) {
            return Optional.of(Fact.of(c.organizationId(), c.campaignId(), c.recipientId(), Step.CARD_CREATED, c.at()));
        }
        if (e instanceof RecipientInvited i) {
            return Optional.of(Fact.of(i.organizationId(), i.campaignId(), i.recipientId(), Step.INVITED, i.at()));
        }
        if (e instanceof CardPageOpened o) {
            return Optional.of(new Fact(
                    o.organizationId(),
                    o.campaignId(),
                    o.recipientId(),
                    Step.OPENED,
                    null,
                    o.at(),
                    Map.of("device", o.device().name())));
        }
        if (e instanceof CardHandedOver h) {
            return Optional.of(new Fact(
                    h.organizationId(),
                    h.campaignId(),
                    h.recipientId(),
                    Step.HANDED_OVER,
                    h.provider(),
                    h.at(),
                    Map.of("device", h.device())));
        }
        if (e instanceof CardInstalled i) {
            return Optional.of(new Fact(
                    i.organizationId(),
                    i.campaignId(),
                    i.recipientId(),
                    Step.INSTALLED,
                    i.provider(),
                    i.at(),
                    Map.of()));
        }
        if (e instanceof CardRemoved r) {
            return Optional.of(new Fact(
                    r.organizationId(), r.campaignId(), r.recipientId(), Step.REMOVED, r.provider(), r.at(), Map.of()));
        }
        if (e instanceof RecipientRevoked r) {
            return Optional.of(Fact.of(r.organizationId(), r.campaignId(), r.recipientId(), Step.REVOKED, r.at()));
        }
        if (e instanceof UpdateDelivered d) {
            return Optional.of(new Fact(
                    d.organizationId(),
                    d.campaignId(),
                    d.recipientId(),
                    Step.UPDATE_DELIVERED,
                    d.provider(),
                    d.at(),
                    Map.of("version", d.version())));
        }
        if (e instanceof RecipientDeleted d) {
            return Optional.of(Fact.of(d.organizationId(), d.campaignId(), d.recipientId(), Step.DELETED, d.at()));
        }
        return Optional.empty();
    }

    /** Records facts in their order; never throws. */
    void record(List<Fact> facts) {
        try {
            nested.executeWithoutResult(tx -> {
                if (facts.stream().allMatch(f -> APPENDED.contains(f.step()))) {
                    appended.append(facts);
                } else {
                    writes.write(facts);
                }
            });
        } catch (RuntimeException e) {
            failures.increment(facts.size());
            log.warn(
                    "{} journey fact(s) could not be recorded, first {} of recipient {}: {}",
                    facts.size(),
                    facts.get(0).step(),
                    facts.get(0).recipientId(),
                    e.toString());
        }
    }
}
