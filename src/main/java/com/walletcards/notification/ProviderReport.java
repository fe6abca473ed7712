package com.walletcards.notification;

/**
 * One wallet provider's part of a notification (contract §8): cards whose object at this provider
 * was targeted, took the message, failed, or belongs to a protocol that cannot show lock-screen
 * messages. {@code targeted = delivered + failed + unsupported}.
 */
public record ProviderReport(
        String provider, int targetedCards, int deliveredCards, int failedCards, int unsupportedCards) {}
