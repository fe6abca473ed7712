package com.walletcards.webhook;

import com.walletcards.shared.NotFound;

/** Unknown, deleted, or another organization's: the same answer for all three. */
final class WebhookNotFound extends NotFound {

    public WebhookNotFound() {
        super("Webhook");
    }
}
