package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The notification endpoint (OpenID4VCI 1.0 §11): a wallet reports a response's credentials
 * accepted, failed or deleted; a card none of whose credentials is held any more is reported
 * removed to the card module.
 */
final class CredentialNotifications {

    static final Set<String> NOTIFICATION_EVENTS =
            Set.of("credential_accepted", "credential_failure", "credential_deleted");

    private static final Logger log = LoggerFactory.getLogger(CredentialNotifications.class);

    private final CredentialQueries credentials;
    private final ObjectEvents events;
    private final Clock clock;

    CredentialNotifications(CredentialQueries credentials, ObjectEvents events, Clock clock) {
        this.credentials = credentials;
        this.events = events;
        this.clock = clock;
    }

    /** Records the request's event ({@code request} is the parsed JSON body); a repeated event changes nothing. */
    void notification(Holder holder, Map<String, Object> request) {
        if (!(request.get("notification_id") instanceof String id) || id.length() > 100) {
            throw Openid4vciError.badRequest("invalid_notification_request", "notification_id is required");
        }
        if (!(request.get("event") instanceof String event) || !NOTIFICATION_EVENTS.contains(event)) {
            throw Openid4vciError.badRequest(
                    "invalid_notification_request", "event must be one of " + NOTIFICATION_EVENTS);
        }
        var issued = credentials
                .credential(id)
                .filter(c -> c.objectRef().equals(holder.objectRef()))
                .orElseThrow(() -> Openid4vciError.badRequest("invalid_notification_id", "Unknown notification_id"));
        if (event.equals(issued.lastEvent())) {
            return;
        }
        credentials.recordEvent(id, event);
        if (!"credential_accepted".equals(event) && !credentials.otherCredentialsHeld(issued.objectRef(), id)) {
            try {
                events.report(new ObjectEvent(
                        ProviderName.eudiw,
                        issued.objectRef(),
                        id + ":" + event,
                        ObjectEvent.Kind.REMOVED,
                        Times.now(clock)));
            } catch (NotFound e) {
                log.warn("A notification about object {} that the card module does not know", issued.objectRef());
            }
        }
    }
}
