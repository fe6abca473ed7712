package com.walletcards.notification;

/**
 * {@code pending} (scheduled, waiting) → {@code sending} → {@code sent} or {@code failed};
 * {@code cancelled} only from {@code pending}.
 */
public enum NotificationStatus {
    pending,
    sending,
    sent,
    failed,
    cancelled
}
