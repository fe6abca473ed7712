package com.walletcards.card;

/** The status of a wallet card, as the spec's table names it. */
public enum CardStatus {
    pending,
    created,
    invited,
    active,
    revoked,
    removed,
    deleted;

    boolean isFinal() {
        return this == revoked || this == deleted;
    }
}
