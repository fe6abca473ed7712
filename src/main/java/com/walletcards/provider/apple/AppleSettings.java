package com.walletcards.provider.apple;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code WALLET_ALPHA_*}: the pass type certificate (PKCS#12) with its password and Apple's WWDR
 * intermediate (PEM), optional pass type and team ids (read from the certificate when absent),
 * and where APNs is. Without a certificate the service signs with a generated development chain.
 *
 * @param apnsConcurrency pushes in flight at once per pass type
 * @param pushWindow a pass's content changes within this window after a push reach its devices as
 *     one more push at the window's end
 */
@ConfigurationProperties("wallet.providers.settings.alpha")
record AppleSettings(
        @Nullable String passCertificate,
        @Nullable String passCertificatePassword,
        @Nullable String wwdrCertificate,
        @Nullable String passTypeId,
        @Nullable String teamId,
        @DefaultValue("api.push.apple.com") String apnsHost,
        @DefaultValue("443") int apnsPort,
        @Nullable String apnsTrustedCa,
        @DefaultValue("500") int apnsConcurrency,
        @DefaultValue("PT5S") Duration pushWindow) {

    static final String CERTIFICATE_VARIABLE = "WALLET_ALPHA_PASS_CERTIFICATE";
    static final String PASSWORD_VARIABLE = "WALLET_ALPHA_PASS_CERTIFICATE_PASSWORD";
    static final String WWDR_VARIABLE = "WALLET_ALPHA_WWDR_CERTIFICATE";
    static final String PASS_TYPE_VARIABLE = "WALLET_ALPHA_PASS_TYPE_ID";
    static final String TEAM_VARIABLE = "WALLET_ALPHA_TEAM_ID";

    boolean hasCertificate() {
        return present(passCertificate);
    }

    static boolean present(@Nullable String value) {
        return value != null && !value.isBlank();
    }
}
