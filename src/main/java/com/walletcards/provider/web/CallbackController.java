package com.walletcards.provider.web;

import com.walletcards.provider.ProviderCallbacks;
import com.walletcards.shared.Envelope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** Inbound provider callbacks. No API key: each request carries the provider's HMAC signature. */
@RestController
class CallbackController {

    private final ProviderCallbacks callbacks;

    CallbackController(ProviderCallbacks callbacks) {
        this.callbacks = callbacks;
    }

    /** {@code applied} is false when the event was a repeat, older than the last one, or for a final card. */
    @Schema(name = "CallbackOutcome")
    record Outcome(boolean applied) {}

    @PostMapping(path = "/v1/callbacks/{provider}", produces = "application/json")
    @Operation(
            operationId = "receiveProviderCallback",
            summary = "Report a card install or removal",
            description = "For wallet providers. The body is signed: X-Wallet-Signature is t=<unix seconds>,v1=<hex"
                    + " HMAC-SHA256 of \"<t>.<body>\" with the provider's callback secret>. A bad or missing"
                    + " signature, or a timestamp more than 5 minutes off, is 401 and changes nothing.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            required = true,
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            schema = @Schema(implementation = ProviderEventDocument.class))))
    Envelope<Outcome> receive(
            @Parameter(
                            description = "The wallet provider reporting the event",
                            schema = @Schema(allowableValues = {"alpha", "beta", "eudiw"}))
                    @PathVariable
                    String provider,
            @Parameter(
                            required = true,
                            description = "t=<unix seconds>,v1=<hex HMAC-SHA256>",
                            example = "t=1940000000,v1=5f2b...")
                    @RequestHeader(name = "X-Wallet-Signature", required = false)
                    @Nullable
                    String signature,
            @RequestBody(required = false) byte @Nullable [] body,
            HttpServletRequest request) {
        boolean applied = callbacks.receive(provider, signature, body == null ? new byte[0] : body);
        return Envelope.of(new Outcome(applied));
    }
}
