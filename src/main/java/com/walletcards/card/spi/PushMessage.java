package com.walletcards.card.spi;

/** A lock-screen message linked to a card. */
public record PushMessage(String notificationId, String header, String body) {}
