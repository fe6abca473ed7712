package com.walletcards.console.view;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** An API key as the keys page lists it: never its secret, which only the creation page shows. */
public record KeyRow(
        String id,
        String name,
        String prefix,
        List<String> scopes,
        String created,
        @Nullable String lastUsed,
        @Nullable String revoked) {}
