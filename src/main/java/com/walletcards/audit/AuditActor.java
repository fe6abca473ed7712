package com.walletcards.audit;

/**
 * Who acted: a console user ({@code user}, their id and email), an API key ({@code apiKey}, its id
 * and name, else its prefix) or the operator's admin token ({@code admin}).
 */
public record AuditActor(String type, String id, String name) {

    public static AuditActor user(String userId, String email) {
        return new AuditActor("user", userId, email);
    }

    public static AuditActor apiKey(String keyId, String name) {
        return new AuditActor("apiKey", keyId, name);
    }

    public static AuditActor admin() {
        return new AuditActor("admin", "admin", "admin token");
    }
}
