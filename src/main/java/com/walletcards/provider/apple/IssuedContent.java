package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The content a pass last carried, kept as JSON with the pass: what a deleted recipient's pass is
 * served with, since no later change may reach it.
 */
final class IssuedContent {

    private static final Logger log = LoggerFactory.getLogger(IssuedContent.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private IssuedContent() {}

    static String write(CardContent content) {
        return JSON.writeValueAsString(content);
    }

    /** Empty when nothing was kept (passes issued before it was) or it cannot be read any more. */
    static Optional<CardContent> read(@Nullable String json) {
        if (json == null || json.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(json, CardContent.class));
        } catch (JacksonException e) {
            log.warn("A pass's last issued content cannot be read: {}", e.getOriginalMessage());
            return Optional.empty();
        }
    }
}
