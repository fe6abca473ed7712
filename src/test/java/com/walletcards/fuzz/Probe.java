package com.walletcards.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One request the fuzzer sends. {@code target} is the path and query exactly as they go on the
 * wire; {@code raw} requests bypass the HTTP client, which would refuse or re-encode them.
 */
record Probe(
        String variant,
        String method,
        String target,
        Map<String, String> headers,
        byte @Nullable [] body,
        boolean raw) {

    @Override
    public String toString() {
        String shown = body == null ? "" : new String(body, 0, Math.min(body.length, 300), StandardCharsets.UTF_8);
        return "[" + variant + "] " + method + " " + (target.length() > 300 ? target.substring(0, 300) + "…" : target)
                + " " + headers + (body == null ? "" : " body(" + body.length + " bytes): " + shown);
    }
}
