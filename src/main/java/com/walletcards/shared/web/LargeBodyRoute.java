package com.walletcards.shared.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * A route that takes larger bodies than the general limit, such as a CSV import that it streams
 * instead of holding in memory. Modules declare theirs as beans; the platform's {@code BodyLimit} applies them.
 */
public interface LargeBodyRoute {

    boolean matches(HttpServletRequest request);

    long maxBytes();
}
