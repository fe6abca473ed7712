package com.walletcards.webhook;

public record WebhookId(String value) {

    @Override
    public String toString() {
        return value;
    }
}
