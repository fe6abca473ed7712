package com.walletcards.provider.google;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.walletcards.card.spi.ProviderFailure;
import java.net.URI;
import java.time.Clock;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * "Add to Google Wallet" links: {@code https://pay.google.com/gp/v/save/<JWT>}, signed RS256 with
 * the service account's key. The JWT is "skinny": it names an object inserted over REST before,
 * so the link stays short (Google's limit is about 1,800 characters) and re-issuing it never
 * carries content that an update would have to repeat.
 */
final class SaveLinks {

    /** Browsers and Google both cope with this; longer links can be cut off on the way. */
    static final int MAX_LENGTH = 1_800;

    private final ServiceAccount account;
    private final String prefix;
    private final List<String> origins;
    private final Clock clock;

    SaveLinks(ServiceAccount account, String prefix, String origin, Clock clock) {
        this.account = account;
        this.prefix = prefix.endsWith("/") ? prefix : prefix + "/";
        this.origins = List.of(origin);
        this.clock = clock;
    }

    URI link(WalletContent.Vertical vertical, String objectId, String classId) {
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(account.email())
                .audience("google")
                .claim("typ", "savetowallet")
                .issueTime(Date.from(clock.instant()))
                .claim("origins", origins)
                .claim("payload", Map.of(vertical.payloadKey(), List.of(Map.of("id", objectId, "classId", classId))))
                .build();
        JWSHeader.Builder header = new JWSHeader.Builder(JWSAlgorithm.RS256).type(JOSEObjectType.JWT);
        if (account.keyId() != null) {
            header.keyID(account.keyId());
        }
        SignedJWT jwt = new SignedJWT(header.build(), claims);
        try {
            jwt.sign(new RSASSASigner(account.privateKey()));
        } catch (JOSEException e) {
            throw ProviderFailure.permanent("the service account key cannot sign: " + e.getMessage());
        }
        String link = prefix + jwt.serialize();
        if (link.length() > MAX_LENGTH) {
            throw ProviderFailure.permanent("the save link would be " + link.length() + " characters long");
        }
        return URI.create(link);
    }
}
