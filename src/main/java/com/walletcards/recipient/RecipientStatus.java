package com.walletcards.recipient;

public enum RecipientStatus {
    pending,
    created,
    invited,
    active,
    revoked,
    removed,
    deleted
}
