package com.walletcards.console.view;

/** A user of the organization as the users page lists them. */
public record UserRow(String email, String name, String role) {}
