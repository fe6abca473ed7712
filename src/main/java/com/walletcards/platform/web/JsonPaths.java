package com.walletcards.platform.web;

import tools.jackson.core.JacksonException;

/** Turns Jackson's reference chain into the contract's field paths: {@code recipients[3].email}. */
final class JsonPaths {

    private JsonPaths() {}

    static String of(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "body" : path.toString();
    }
}
