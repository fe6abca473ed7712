package com.walletcards.access;

/** A freshly created key together with its secret, which is never available again. */
public record IssuedKey(ApiKey key, String secret) {}
