package com.walletcards.provider.google;

import com.google.auth.oauth2.AccessToken;
import com.google.auth.oauth2.ServiceAccountCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.interfaces.RSAPrivateKey;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The issuer's service account: its key signs the save links' JWTs, and its OAuth2 tokens
 * (JWT-bearer grant, {@code google-auth-library}) authorize the REST calls. The library caches a
 * token and refreshes it shortly before it expires.
 */
final class ServiceAccount {

    static final String SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";

    private final ServiceAccountCredentials credentials;

    private ServiceAccount(ServiceAccountCredentials credentials) {
        this.credentials = credentials;
    }

    /**
     * Reads and checks the key file at start-up, so a wrong file stops the service with a message
     * naming the variable instead of failing at the first holder's click.
     */
    static ServiceAccount load(String file, @Nullable String tokenUrl) {
        Path path = Path.of(file.trim());
        if (!Files.isReadable(path)) {
            throw new IllegalStateException(
                    GoogleWalletSettings.FILE_VARIABLE + "=" + file + ": the file does not exist or is not readable");
        }
        ServiceAccountCredentials credentials;
        try (InputStream in = Files.newInputStream(path)) {
            credentials = ServiceAccountCredentials.fromStream(in);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(
                    GoogleWalletSettings.FILE_VARIABLE + "=" + file
                            + " is not a Google service account key file (JSON with client_email and private_key): "
                            + e.getMessage(),
                    e);
        }
        if (!(credentials.getPrivateKey() instanceof RSAPrivateKey)) {
            throw new IllegalStateException(
                    GoogleWalletSettings.FILE_VARIABLE + "=" + file + ": the key file holds no RSA private key");
        }
        ServiceAccountCredentials.Builder builder = credentials.toBuilder().setScopes(List.of(SCOPE));
        if (tokenUrl != null && !tokenUrl.isBlank()) {
            builder.setTokenServerUri(URI.create(tokenUrl.trim()));
        }
        return new ServiceAccount(builder.build());
    }

    String email() {
        return credentials.getClientEmail();
    }

    @Nullable
    String keyId() {
        return credentials.getPrivateKeyId();
    }

    RSAPrivateKey privateKey() {
        return (RSAPrivateKey) credentials.getPrivateKey();
    }

    /** A valid access token: the cached one, or a fresh one when it is about to expire. */
    String accessToken() throws IOException {
        credentials.refreshIfExpired();
        AccessToken token = credentials.getAccessToken();
        if (token == null) {
            credentials.refresh();
            token = credentials.getAccessToken();
        }
        return token.getTokenValue();
    }

    /** Forgets the cached token, after Google refused it (revoked, or the clock was off). */
    void invalidateToken() throws IOException {
        credentials.refresh();
    }
}
