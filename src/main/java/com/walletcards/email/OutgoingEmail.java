package com.walletcards.email;

import org.jspecify.annotations.Nullable;

/**
 * One email, ready to send: both a plain-text and an HTML part. {@code senderName} is the display
 * name of the sender (the organizer the email speaks for), shown with the service's own address;
 * {@code replyTo}, when set, is where the holder's answer goes (the organizer's contact email).
 */
public record OutgoingEmail(
        String to, @Nullable String senderName, @Nullable String replyTo, String subject, String text, String html) {}
