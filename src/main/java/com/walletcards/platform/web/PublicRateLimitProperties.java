package com.walletcards.platform.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Per client address limits of the paths that need no API key (docs/operations.md, "Rate
 * limits"): a sustained rate per second and a burst on top of it, for each group of paths.
 */
@Validated
@ConfigurationProperties("wallet.rate-limits")
record PublicRateLimitProperties(
        @Valid Limit holder,
        @Valid Limit openid4vci,
        @Valid Limit callbacks,
        @Valid Limit apple) {

    PublicRateLimitProperties(
            @Nullable Limit holder, @Nullable Limit openid4vci, @Nullable Limit callbacks, @Nullable Limit apple) {
        this.holder = holder == null ? new Limit(20, 200) : holder;
        this.openid4vci = openid4vci == null ? new Limit(20, 200) : openid4vci;
        this.callbacks = callbacks == null ? new Limit(200, 2000) : callbacks;
        this.apple = apple == null ? new Limit(100, 1000) : apple;
    }

    record Limit(@Min(1) long perSecond, @Min(1) long burst) {}
}
