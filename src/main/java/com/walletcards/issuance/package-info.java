/**
 * Card issuance, from a recipient's request to its card's invitation: issues the cards of single
 * and bulk adds in the background, assembles their content from campaign and recipient once per
 * batch, invites, and carries campaign and recipient changes to the cards. It depends on the
 * modules it reads and writes (campaign, recipient, card, email); none of them calls back.
 */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {"shared", "access", "campaign", "recipient", "card", "card::spi", "email"})
@org.jspecify.annotations.NullMarked
package com.walletcards.issuance;
