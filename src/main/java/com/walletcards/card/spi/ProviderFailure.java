package com.walletcards.card.spi;

/** A provider call failed; {@code permanent} ones are recorded and not retried. */
public class ProviderFailure extends RuntimeException {

    private final boolean permanent;

    public ProviderFailure(String message, boolean permanent) {
        super(message);
        this.permanent = permanent;
    }

    public boolean permanent() {
        return permanent;
    }
}
