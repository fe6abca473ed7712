package com.walletcards.provider.google;

import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST {download_base}/wallet/beta/callbacks}, the URL every class names in its
 * {@code callbackOptions}. No API key: Google's signature is the authentication.
 */
@RestController
class GoogleCallbackController {

    private final GoogleWalletRuntime google;
    private final ObjectEvents events;

    GoogleCallbackController(GoogleWalletRuntime google, ObjectEvents events) {
        this.google = google;
        this.events = events;
    }

    /** {@code applied} is false for a repeated delivery (same nonce) or an event that changes nothing. */
    record Outcome(boolean applied) {}

    @PostMapping(path = GoogleWalletFactory.CALLBACK_PATH, produces = "application/json")
    Envelope<Outcome> receive(@RequestBody(required = false) byte @Nullable [] body) {
        GoogleCallbacks callbacks = google.callbacks()
                .orElseThrow(() -> new ApiException(
                        ErrorCode.NOT_FOUND,
                        "Google Wallet callbacks are not enabled: provider beta does not run in mode google"));
        GoogleCallbacks.Callback callback = callbacks.verify(body == null ? new byte[0] : body);
        boolean applied = events.report(callbacks.event(callback));
        callbacks.applied(callback);
        return Envelope.of(new Outcome(applied));
    }
}
