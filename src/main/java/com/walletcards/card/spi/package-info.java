/** What a wallet provider implements, and what the card module asks of the rest of the system. */
@org.springframework.modulith.NamedInterface("spi")
@org.jspecify.annotations.NullMarked
package com.walletcards.card.spi;
