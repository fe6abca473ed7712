/**
 * Card journeys and campaign statistics: records what happened to each card (invited, its email
 * accepted or not, its page opened, handed over to a wallet, installed, removed, revoked) from the
 * other modules' events, keeps per-campaign counters with each fact, and answers a campaign's
 * funnel and daily figures and a recipient's journey. Only the console reads it (its campaign overview).
 */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {"shared", "access", "campaign", "recipient", "card", "holder", "issuance"})
@org.jspecify.annotations.NullMarked
package com.walletcards.journey;
