package com.walletcards.notification;

import com.walletcards.shared.Validation;
import org.jspecify.annotations.Nullable;

/** What a notification shows on the lock screen: a title and a text. */
public record Message(String header, String body) {

    public static final int MAX_HEADER = 100;
    public static final int MAX_BODY = 500;

    /** Both parts are required and non-blank; returns null (with the problems in {@code v}) otherwise. */
    public static @Nullable Message validate(@Nullable String header, @Nullable String body, Validation v) {
        String h = v.requiredText("header", header, MAX_HEADER);
        String b = v.requiredText("body", body, MAX_BODY);
        return h == null || b == null ? null : new Message(h, b);
    }
}
