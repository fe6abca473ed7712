/** Campaigns: the top-level container of card design and shared data, its status machine, the event schedule and auto-completion. */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "access"})
@org.jspecify.annotations.NullMarked
package com.walletcards.campaign;
