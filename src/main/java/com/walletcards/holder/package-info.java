/**
 * The holder's side: the public page behind a card's download link, showing the card as its
 * holder will use it (event, seat, barcode, latest message) and one "add to wallet" action per
 * provider, in the holder's language and ordered for the holder's device; and the pages behind
 * those actions (the EU wallet's offer in the card's look, the demonstration wallet), all in the
 * one language {@code HolderLinks} chooses (ADR 0032).
 */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {"shared", "access", "campaign", "card", "card :: spi", "recipient", "notification"})
@org.jspecify.annotations.NullMarked
package com.walletcards.holder;
