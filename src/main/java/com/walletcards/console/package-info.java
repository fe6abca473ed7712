/**
 * The campaign managers' console under {@code /console}: the people of an organization (users with
 * a role), their sign-in and sessions, the audit of what they do, and the pages they work in. Its
 * pages call the other modules' facades, never their tables (ADR 0030).
 */
@org.springframework.modulith.ApplicationModule(
        allowedDependencies = {
            "shared",
            "access",
            "audit",
            "campaign",
            "recipient",
            "email",
            "journey",
            "provider",
            "card",
            "card :: spi",
            "issuance",
            "notification",
            "webhook"
        })
@org.jspecify.annotations.NullMarked
package com.walletcards.console;
