/**
 * Push notifications to the holders of active cards of a campaign: sent at once or scheduled,
 * at most three per campaign over its lifetime, delivered in the background through the card
 * module's provider SPI.
 */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {"shared", "access", "campaign", "card", "card::spi"})
@org.jspecify.annotations.NullMarked
package com.walletcards.notification;
