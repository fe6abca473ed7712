package com.walletcards.shared;

/** One problem with one input field; {@code field} is a JSON path such as {@code recipients[3].email}. */
public record FieldError(String field, String message) {}
