package com.walletcards.webhook;

import com.walletcards.shared.Times;
import com.walletcards.webhook.DeliveryQueries.Due;
import com.walletcards.webhook.SecretBox.SecretUnreadable;
import com.walletcards.webhook.WebhookQueries.Target;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** One delivery attempt: check the target, sign, send, record. */
@Component
class Dispatcher {

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);
    static final String USER_AGENT = "WalletCampaigns-Webhooks/1";

    private final Deliveries deliveries;
    private final TargetPolicy targets;
    private final SecretBox secrets;
    private final WebhookSender sender;
    private final Clock clock;
    private final MeterRegistry registry;

    Dispatcher(
            Deliveries deliveries,
            TargetPolicy targets,
            SecretBox secrets,
            WebhookSender sender,
            Clock clock,
            MeterRegistry registry) {
        this.deliveries = deliveries;
        this.targets = targets;
        this.secrets = secrets;
        this.sender = sender;
        this.clock = clock;
        this.registry = registry;
        for (String outcome : new String[] {"succeeded", "retrying", "failed", "cancelled"}) {
            outcomes(outcome); // present from the start, so a rate over them is zero rather than absent
        }
    }

    void deliver(Due due) {
        Optional<Deliveries.Work> work = deliveries.work(due);
        if (work.isEmpty() || !work.get().target().enabled()) {
            deliveries.cancel(due);
            outcomes("cancelled").increment();
            return;
        }
        Target target = work.get().target();
        Instant now = Times.now(clock);
        WebhookSender.Result result = attempt(due, target, work.get().event().payload(), now);
        outcomes(deliveries.record(due, work.get().event().type(), result, now)).increment();
    }

    /** Counted after the outcome is committed, so a delivery is never counted for a rolled-back record. */
    private Counter outcomes(String outcome) {
        return Counter.builder("wallet.webhook.deliveries")
                .description("Webhook delivery attempts by what became of the delivery")
                .tag("outcome", outcome)
                .register(registry);
    }

    private WebhookSender.Result attempt(Due due, Target target, String payload, Instant now) {
        URI url = URI.create(target.url());
        // Resolved now, not when the URL was saved: DNS may since point somewhere private.
        Optional<String> refusal = targets.refusalAtDelivery(url);
        if (refusal.isPresent()) {
            return WebhookSender.Result.failed("target refused: " + refusal.get(), 0);
        }
        List<SigningSecret> signing;
        try {
            signing = signingSecrets(due, target, now);
        } catch (SecretUnreadable e) {
            log.error(e.getMessage());
            return WebhookSender.Result.failed("not sent: the signing secret could not be read on our side", 0);
        }
        byte[] body = payload.getBytes(StandardCharsets.UTF_8);
        long timestamp = now.getEpochSecond();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("User-Agent", USER_AGENT);
        headers.put("webhook-id", due.eventId());
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", Signatures.header(due.eventId(), timestamp, body, signing));
        return sender.post(url, headers, body);
    }

    /** The current secret, and the previous one while its rotation grace period lasts. */
    private List<SigningSecret> signingSecrets(Due due, Target target, Instant now) {
        String id = due.webhookId().value();
        List<SigningSecret> signing = new ArrayList<>();
        signing.add(secrets.open(target.sealedSecret(), id));
        if (target.sealedPreviousSecret() != null
                && target.previousSecretExpiresAt() != null
                && target.previousSecretExpiresAt().isAfter(now)) {
            signing.add(secrets.open(target.sealedPreviousSecret(), id));
        }
        return signing;
    }
}
