package com.walletcards.fuzz;

import com.walletcards.support.SeparateDatabase;

/** The fuzz test's own database: no other test context's workers touch what it creates. */
final class FuzzDatabase extends SeparateDatabase {}
