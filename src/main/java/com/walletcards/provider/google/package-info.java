/**
 * The {@code google} mode of provider {@code beta}: the Google Wallet API. A campaign is a class,
 * a card an object created when its holder first opens the save link, campaign changes are one
 * class PATCH, and Google's signed callbacks report saves and deletions. It speaks to the rest of
 * the service only through the card SPI. docs/adr/0013-google-wallet.md.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "card::spi"})
@org.jspecify.annotations.NullMarked
package com.walletcards.provider.google;
