package com.walletcards.card;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** {@code WALLET_DOWNLOAD_BASE_URL}: the public origin of card links ({@code {download_base}/c/<code>}). */
@ConfigurationProperties("wallet")
public record CardProperties(
        @DefaultValue("http://localhost:8080") String downloadBaseUrl) {

    public String link(String path) {
        String base = downloadBaseUrl.endsWith("/")
                ? downloadBaseUrl.substring(0, downloadBaseUrl.length() - 1)
                : downloadBaseUrl;
        return base + path;
    }
}
