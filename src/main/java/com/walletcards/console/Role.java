package com.walletcards.console;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a user of an organization may do: a viewer reads (as {@code campaigns:read} allows), an
 * editor also writes campaigns, an owner also manages users, keys, webhooks and settings.
 */
enum Role {
    viewer,
    editor,
    owner;

    boolean writesCampaigns() {
        return this != viewer;
    }

    boolean managesUsers() {
        return this == owner;
    }

    static Optional<Role> parse(String raw) {
        return Arrays.stream(values()).filter(r -> r.name().equals(raw)).findFirst();
    }
}
