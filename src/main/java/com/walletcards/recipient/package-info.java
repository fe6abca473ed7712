/** Recipients of a campaign: single and bulk add, CSV imports, edits, revocation and deletion, and their counts. */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "access", "campaign", "card"})
@org.jspecify.annotations.NullMarked
package com.walletcards.recipient;
