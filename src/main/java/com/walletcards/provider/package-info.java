/**
 * The wallet providers (alpha, beta, eudiw) behind the card SPI, and their signed callbacks.
 * Each provider has a local implementation that works offline, so the whole flow runs anywhere.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "card", "card::spi", "provider.apple"})
@org.jspecify.annotations.NullMarked
package com.walletcards.provider;
