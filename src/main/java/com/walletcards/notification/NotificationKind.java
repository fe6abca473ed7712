package com.walletcards.notification;

public enum NotificationKind {
    immediate,
    scheduled
}
