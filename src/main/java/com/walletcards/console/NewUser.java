package com.walletcards.console;

/** A user just added, with the one-time link (shown once) that lets them set a password. */
record NewUser(ConsoleUser user, String passwordLink) {}
