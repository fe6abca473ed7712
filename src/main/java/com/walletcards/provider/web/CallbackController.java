package com.walletcards.provider.web;

import com.walletcards.provider.ProviderCallbacks;
import com.walletcards.shared.Envelope;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
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

    @PostMapping(path = "/v1/callbacks/{provider}", produces = "application/json")
    Envelope<Map<String, Boolean>> receive(
            @PathVariable String provider,
            @RequestHeader(name = "X-Wallet-Signature", required = false) @Nullable String signature,
            @RequestBody(required = false) byte @Nullable [] body,
            HttpServletRequest request) {
        boolean applied = callbacks.receive(provider, signature, body == null ? new byte[0] : body);
        return Envelope.of(Map.of("applied", applied));
    }
}
