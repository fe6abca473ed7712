package com.walletcards.provider.apple;

import com.walletcards.support.SeparateDatabase;

/**
 * A database of its own for the Apple Wallet tests: the JVM's other test contexts run alpha in
 * local mode and must not pick up these cards' background work.
 */
final class AppleTestDatabase extends SeparateDatabase {}
