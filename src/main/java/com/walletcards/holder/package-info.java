/**
 * The holder's side: the public page behind a card's download link, showing the card as its
 * holder will use it (event, seat, barcode, latest message) and one "add to wallet" action per
 * provider, in the holder's language and ordered for the holder's device.
 */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {"shared", "access", "campaign", "card", "card :: spi", "recipient", "notification"})
@org.jspecify.annotations.NullMarked
package com.walletcards.holder;
