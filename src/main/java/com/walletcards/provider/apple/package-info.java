/**
 * The {@code apple} mode of provider {@code alpha}: Apple Wallet's protocol (signed {@code .pkpass}
 * files, the pass web service, APNs pushes), as an adapter behind the card SPI. docs/adr/0012-apple-wallet.md.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "card::spi"})
@org.jspecify.annotations.NullMarked
package com.walletcards.provider.apple;
