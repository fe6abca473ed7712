package com.walletcards.email;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * SMTP when {@code WALLET_SMTP_HOST} is set (with port, user, password, from); otherwise every
 * email is written as an {@code .eml} file under {@code <data dir>/outbox/}.
 */
@ConfigurationProperties("wallet.email")
record EmailProperties(
        @Nullable String smtpHost,
        @DefaultValue("587") int smtpPort,
        @Nullable String smtpUser,
        @Nullable String smtpPassword,
        @DefaultValue("false") boolean smtpStarttls,

        @DefaultValue("Wallet Cards <no-reply@wallet.local>")
        String from,

        @DefaultValue("./data") Path dataDir) {

    boolean smtp() {
        return smtpHost != null && !smtpHost.isBlank();
    }
}
