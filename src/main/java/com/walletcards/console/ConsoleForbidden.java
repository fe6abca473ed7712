package com.walletcards.console;

/** A signed-in user asked for a write their role does not allow (a viewer): a page saying so, 403. */
final class ConsoleForbidden extends RuntimeException {

    ConsoleForbidden() {
        super("The role does not allow this", null, false, false);
    }
}
