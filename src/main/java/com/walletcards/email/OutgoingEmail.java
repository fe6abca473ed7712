package com.walletcards.email;

/** One email, ready to send: both a plain-text and an HTML part. */
public record OutgoingEmail(String to, String subject, String text, String html) {}
