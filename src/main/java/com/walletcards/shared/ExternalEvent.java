package com.walletcards.shared;

import java.time.Instant;
import java.util.Map;

/**
 * A domain event that the outside world may subscribe to (as a webhook). Modules publish their
 * own event records implementing this; the webhook module listens for the interface alone, so it
 * depends on no domain module. Published inside the transaction of the change it reports.
 */
public interface ExternalEvent {

    OrganizationId organizationId();

    /** The public event type, such as {@code recipient.created}. */
    String type();

    /** The ids the event concerns and a few facts ({@code campaignId}, {@code recipientId}, ...). */
    Map<String, Object> data();

    Instant at();
}
