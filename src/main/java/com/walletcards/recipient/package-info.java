/** Recipients of a campaign: single and bulk add, invitations, revocation, and their cards' lifecycle. */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {"shared", "access", "campaign", "card", "card::spi", "email"})
@org.jspecify.annotations.NullMarked
package com.walletcards.recipient;
