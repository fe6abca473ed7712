package com.walletcards.console.view;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** What the recipients pages show: rows of the table, one recipient, its journey. */
public final class RecipientViews {

    private RecipientViews() {}

    /** A row of the recipients table; {@code wallets} are the wallets' own names. */
    public record Row(
            String id,
            String email,
            @Nullable String name,
            @Nullable String externalId,
            String status,
            List<String> wallets,
            String lastActivity) {}

    /** One recipient: its data, its card and its wallets. */
    public record Detail(
            String id,
            String email,
            @Nullable String name,
            @Nullable String phone,
            @Nullable String externalId,
            @Nullable String locale,
            Map<String, String> data,
            String status,
            @Nullable String cardStatus,
            @Nullable String cardUrl,
            List<String> wallets,
            String added,
            String lastActivity) {}

    /** One event of the journey as a sentence's parts: its type, wallet, time and plain-words detail. */
    /** An Apple device the card's pass is registered on, and when it registered. */
    public record Device(String shortId, String registeredAt) {}

    public record Event(
            String type,
            @Nullable String wallet,
            String at,
            @Nullable String device,
            @Nullable Long count) {}
}
