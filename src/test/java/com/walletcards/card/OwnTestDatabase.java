package com.walletcards.card;

import com.walletcards.support.SeparateDatabase;

/**
 * Gives the live-update tests a database of their own: the other test contexts of the JVM stay
 * alive and would otherwise run the propagation jobs too, without the recording providers.
 */
final class OwnTestDatabase extends SeparateDatabase {}
