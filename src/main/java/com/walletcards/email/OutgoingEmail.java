package com.walletcards.email;

import org.jspecify.annotations.Nullable;

/**
 * One email, ready to send: both a plain-text and an HTML part. {@code senderName} is the display
 * name of the sender (the organizer the email speaks for), shown with the service's own address.
 */
public record OutgoingEmail(String to, @Nullable String senderName, String subject, String text, String html) {}
