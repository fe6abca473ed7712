package com.walletcards.journey;

/**
 * The types of a card's journey events (contract §16). {@code update_pushed} and {@code
 * update_delivered} are recorded by a listener of the content-update events, like every other
 * type: {@link Step#journeyType()} names the step that records each.
 */
public enum JourneyEventType {
    invited,
    email_sent,
    email_failed,
    opened,
    handed_over,
    installed,
    removed,
    revoked,
    update_pushed,
    update_delivered
}
