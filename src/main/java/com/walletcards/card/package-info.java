/**
 * Wallet cards and their provider objects: the card status machine, download links, the public
 * card page, and the {@link com.walletcards.card.spi.WalletProvider} SPI that providers implement.
 *
 * <p>Other modules reach it through one facade per side: {@link com.walletcards.card.WalletCards}
 * for the issuer's, {@link com.walletcards.card.HolderCards} for the holder's, {@link
 * com.walletcards.card.ActiveCards} for fan-outs such as notifications, {@link
 * com.walletcards.card.CardContentChanges} for content that changed, and {@link
 * com.walletcards.card.ProviderEventsIntake} for provider callbacks that name cards.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared"})
@org.jspecify.annotations.NullMarked
package com.walletcards.card;
