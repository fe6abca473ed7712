/**
 * Wallet cards and their provider objects: the card status machine, download links, the public
 * card page, and the {@link com.walletcards.card.spi.WalletProvider} SPI that providers implement.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared"})
@org.jspecify.annotations.NullMarked
package com.walletcards.card;
