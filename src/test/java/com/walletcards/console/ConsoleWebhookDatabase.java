package com.walletcards.console;

import com.walletcards.support.SeparateDatabase;

/**
 * A database of its own for the webhook browser tests: every application context in the test JVM
 * runs a delivery worker, and one that refuses private targets would claim these deliveries to
 * the receiver on 127.0.0.1 and fail them.
 */
final class ConsoleWebhookDatabase extends SeparateDatabase {}
