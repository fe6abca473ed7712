package com.walletcards.console.view;

/** A user of the organization as the users page lists them; {@code self} is the signed-in owner. */
public record UserRow(String id, String email, String name, String role, boolean self) {}
