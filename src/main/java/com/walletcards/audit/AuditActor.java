package com.walletcards.audit;

/**
 * Who acted: a console user ({@code user}, their id and email) or an API key ({@code apiKey}, its id
 * and name, else its prefix). Contract §15 knows only these two types; the operator's admin token is
 * a bearer key too, so its writes appear as the key {@code admin}, which no issued key's id can be.
 */
public record AuditActor(String type, String id, String name) {

    public static AuditActor user(String userId, String email) {
        return new AuditActor("user", userId, email);
    }

    public static AuditActor apiKey(String keyId, String name) {
        return new AuditActor("apiKey", keyId, name);
    }

    public static AuditActor admin() {
        return new AuditActor("apiKey", "admin", "admin token");
    }
}
