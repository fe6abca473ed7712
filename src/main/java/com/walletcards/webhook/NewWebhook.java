package com.walletcards.webhook;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** A validated create request. */
public record NewWebhook(
        String url, List<String> events, @Nullable String description) {}
