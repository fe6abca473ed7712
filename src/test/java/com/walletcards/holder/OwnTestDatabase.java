package com.walletcards.holder;

import com.walletcards.support.SeparateDatabase;

/** A fresh database for the tests that need to know every organization the service has. */
final class OwnTestDatabase extends SeparateDatabase {}
