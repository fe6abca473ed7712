/** Organizations, API keys and their scopes, request authentication, and the admin API. */
@org.springframework.modulith.ApplicationModule(allowedDependencies = "shared")
@org.jspecify.annotations.NullMarked
package com.walletcards.access;
