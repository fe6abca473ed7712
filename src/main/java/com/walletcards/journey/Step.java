package com.walletcards.journey;

import org.jspecify.annotations.Nullable;

/**
 * Everything the journey module learns about a recipient: the steps that are journey events, and
 * those that only move counters ({@code ADDED}, {@code CARD_CREATED}, {@code DELETED}, device
 * registrations).
 */
enum Step {
    ADDED(null),
    CARD_CREATED(null),
    INVITED(JourneyEventType.invited),
    EMAIL_SENT(JourneyEventType.email_sent),
    EMAIL_FAILED(JourneyEventType.email_failed),
    OPENED(JourneyEventType.opened),
    HANDED_OVER(JourneyEventType.handed_over),
    INSTALLED(JourneyEventType.installed),
    REMOVED(JourneyEventType.removed),
    REVOKED(JourneyEventType.revoked),
    UPDATE_PUSHED(JourneyEventType.update_pushed),
    UPDATE_DELIVERED(JourneyEventType.update_delivered),
    DEVICE_REGISTERED(null),
    DEVICE_UNREGISTERED(null),
    DELETED(null);

    private final @Nullable JourneyEventType journeyType;

    Step(@Nullable JourneyEventType journeyType) {
        this.journeyType = journeyType;
    }

    @Nullable
    JourneyEventType journeyType() {
        return journeyType;
    }
}
