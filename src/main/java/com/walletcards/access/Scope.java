package com.walletcards.access;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** What an API key may do. A key holds each scope it needs explicitly: write does not imply read. */
public enum Scope {
    CAMPAIGNS_READ("campaigns:read"),
    CAMPAIGNS_WRITE("campaigns:write"),
    WEBHOOKS_READ("webhooks:read"),
    WEBHOOKS_WRITE("webhooks:write"),
    /** Reading the audit log; keys with every scope hold it, including those issued before it existed. */
    AUDIT_READ("audit:read");

    private final String value;

    Scope(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }

    public static Optional<Scope> parse(String value) {
        return Arrays.stream(values()).filter(s -> s.value.equals(value)).findFirst();
    }

    public static Set<Scope> all() {
        return EnumSet.allOf(Scope.class);
    }
}
