package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds a signed {@code .pkpass} of a card's content and its pass's state. */
final class PassRenderer {

    private final PassCredentials credentials;
    private final PassSigner signer;
    private final PassImages images;
    private final String webServiceUrl;

    PassRenderer(PassCredentials credentials, PassImages images, String downloadBase) {
        this.credentials = credentials;
        this.signer = new PassSigner(credentials);
        this.images = images;
        this.webServiceUrl =
                (downloadBase.endsWith("/") ? downloadBase.substring(0, downloadBase.length() - 1) : downloadBase)
                        + AppleWebService.BASE_PATH;
    }

    PassCredentials credentials() {
        return credentials;
    }

    String webServiceUrl() {
        return webServiceUrl;
    }

    byte[] render(CardContent content, PassStore.Pass pass, String authenticationToken) {
        Map<String, Object> json = PassJson.of(
                content,
                credentials,
                new PassJson.Extras(
                        pass.serialNumber(),
                        authenticationToken,
                        webServiceUrl,
                        pass.voided(),
                        pass.messageHeader(),
                        pass.messageBody()));
        Map<String, byte[]> files =
                new LinkedHashMap<>(images.files(content.design(), PassJson.style(content.campaignType())));
        files.putAll(PassStrings.files());
        return PassPackage.zip(json, files, signer);
    }
}
