package com.walletcards.provider.google;

import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.NotFound;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST {download_base}/wallet/beta/callbacks}, the URL every class names in its
 * {@code callbackOptions}. No API key: Google's signature is the authentication.
 */
@RestController
class GoogleCallbackController {

    private static final Logger log = LoggerFactory.getLogger(GoogleCallbackController.class);

    private final GoogleWalletRuntime google;
    private final ObjectEvents events;

    GoogleCallbackController(GoogleWalletRuntime google, ObjectEvents events) {
        this.google = google;
        this.events = events;
    }

    /** {@code applied} is false for a repeated delivery (same nonce), an event that changes nothing, or an unknown object. */
    record Outcome(boolean applied) {}

    @PostMapping(path = GoogleWalletFactory.CALLBACK_PATH, produces = "application/json")
    Envelope<Outcome> receive(@RequestBody(required = false) byte @Nullable [] body) {
        GoogleCallbacks callbacks = google.callbacks()
                .orElseThrow(() -> new ApiException(
                        ErrorCode.NOT_FOUND,
                        "Google Wallet callbacks are not enabled: provider beta does not run in mode google"));
        GoogleCallbacks.Callback callback = callbacks.verify(body == null ? new byte[0] : body);
        boolean applied;
        try {
            applied = events.report(callbacks.event(callback));
        } catch (NotFound unknown) {
            // Signed by Google for our issuer, about an object this service does not know (its card
            // was deleted, or another deployment shares the issuer). Google retries anything but a
            // 2xx, so the answer is 200 with nothing applied.
            log.info("Google Wallet callback about unknown object {}: ignored", callback.objectId());
            return Envelope.of(new Outcome(false));
        }
        callbacks.applied(callback);
        return Envelope.of(new Outcome(applied));
    }
}
