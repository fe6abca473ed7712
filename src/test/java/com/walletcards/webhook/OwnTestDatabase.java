package com.walletcards.webhook;

import com.walletcards.support.SeparateDatabase;

/** Points the webhook integration tests at a fresh database of their own (H2 or PostgreSQL). */
final class OwnTestDatabase extends SeparateDatabase {}
