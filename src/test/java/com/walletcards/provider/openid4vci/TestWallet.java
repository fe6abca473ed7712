package com.walletcards.provider.openid4vci;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.Inflater;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A wallet as the OpenID4VCI protocol describes it: it knows nothing of the service but the offer
 * link it scanned, discovers everything else from the issuer's metadata, and holds its own key.
 */
final class TestWallet {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern OFFER_LINK = Pattern.compile("href=\"(openid-credential-offer://[^\"]+)\"");

    private final @Nullable HttpClient http;
    final ECKey key;

    TestWallet(@Nullable SSLContext trust) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (trust != null) {
            builder.sslContext(trust);
        }
        this.http = builder.build();
        this.key = newKey();
    }

    private TestWallet() {
        this.http = null;
        this.key = newKey();
    }

    /**
     * A wallet that sends each request from the calling thread over a kept-alive
     * {@link HttpURLConnection} (plain HTTP only). The JDK's {@link HttpClient} hands every
     * exchange between the caller, its selector thread and its worker threads; a load generator on
     * the same cores as the issuer it measures should not spend their time on that.
     */
    static TestWallet blocking() {
        return new TestWallet();
    }

    record Answer(int status, String body, Map<String, List<String>> headers) {
        JsonNode json() {
            return JSON.readTree(body);
        }

        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey() != null && e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream())
                    .findFirst()
                    .orElse("");
        }
    }

    /** The offer link on the card page ({@code /c/<code>/eudiw}), as a QR scanner would read it. */
    static String offerLinkOf(String html) {
        Matcher m = OFFER_LINK.matcher(html);
        assertThat(m.find()).as(html).isTrue();
        return m.group(1).replace("&amp;", "&");
    }

    static String offerUri(String offerLink) {
        String query = URI.create(offerLink).getRawQuery();
        assertThat(query).startsWith("credential_offer_uri=");
        return URLDecoder.decode(query.substring("credential_offer_uri=".length()), StandardCharsets.UTF_8);
    }

    Answer get(String url) {
        return send("GET", url, Map.of(), null);
    }

    Answer postForm(String url, Map<String, String> form) {
        return postForm(url, form, Map.of());
    }

    /** A form POST with further headers (a DPoP proof). */
    Answer postForm(String url, Map<String, String> form, Map<String, String> headers) {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("Content-Type", "application/x-www-form-urlencoded");
        return send("POST", url, all, body);
    }

    /** A JSON POST with the given headers (an {@code Authorization} of any scheme, a DPoP proof). */
    Answer postJsonWith(String url, Map<String, String> headers, Object body) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("Content-Type", "application/json");
        return send("POST", url, all, body instanceof String s ? s : JSON.writeValueAsString(body));
    }

    Answer postJson(String url, @Nullable String bearer, Object body) {
        return postRaw(url, bearer, body instanceof String s ? s : JSON.writeValueAsString(body));
    }

    Answer postRaw(String url, @Nullable String bearer, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (bearer != null) {
            headers.put("Authorization", "Bearer " + bearer);
        }
        return send("POST", url, headers, body);
    }

    private Answer send(String method, String url, Map<String, String> headers, @Nullable String body) {
        try {
            return http == null
                    ? sendBlocking(method, url, headers, body)
                    : sendThroughClient(method, url, headers, body);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Answer sendThroughClient(String method, String url, Map<String, String> headers, @Nullable String body)
            throws java.io.IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        HttpResponse<String> response =
                Objects.requireNonNull(http).send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(
                response.statusCode(), response.body(), response.headers().map());
    }

    private static Answer sendBlocking(String method, String url, Map<String, String> headers, @Nullable String body)
            throws java.io.IOException {
        HttpURLConnection connection =
                (HttpURLConnection) URI.create(url).toURL().openConnection();
        connection.setConnectTimeout(5_000);
        connection.setReadTimeout(30_000);
        connection.setRequestMethod(method);
        headers.forEach(connection::setRequestProperty);
        if (body != null) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            connection.setDoOutput(true);
            connection.setFixedLengthStreamingMode(bytes.length);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(bytes);
            }
        }
        int status = connection.getResponseCode();
        // Reading the body to its end and closing it returns the connection to the keep-alive cache.
        InputStream stream = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        String text = "";
        if (stream != null) {
            try (InputStream in = stream) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        return new Answer(status, text, connection.getHeaderFields());
    }

    /** Everything a wallet learns from an offer: the issuer's metadata and a redeemed token. */
    record Session(
            String issuer,
            JsonNode issuerMetadata,
            JsonNode offer,
            String accessToken,
            String refreshToken,
            String configurationId) {}

    /** Asks the token endpoint for a new access token with the session's refresh token. */
    Answer refreshToken(Session session) {
        return postForm(
                session.issuer() + "/wallet/eudiw/token",
                Map.of("grant_type", "refresh_token", "refresh_token", session.refreshToken()));
    }

    /** The session with the access and (rotated) refresh token of a successful refresh, for re-issuance. */
    Session refreshed(Session session) {
        Answer token = refreshToken(session);
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        return new Session(
                session.issuer(),
                session.issuerMetadata(),
                session.offer(),
                token.json().get("access_token").asString(),
                token.json().get("refresh_token").asString(),
                session.configurationId());
    }

    Session redeem(String offerLink) {
        return redeem(offerLink, null);
    }

    /** Redeems the offer's code, with the transaction code the holder typed in when there is one. */
    Session redeem(String offerLink, @Nullable String txCode) {
        Answer offer = get(offerUri(offerLink));
        assertThat(offer.status()).as(offer.body()).isEqualTo(200);
        assertThat(offer.header("Cache-Control")).contains("no-store");
        String issuer = offer.json().get("credential_issuer").asString();
        JsonNode metadata =
                get(issuer + "/.well-known/openid-credential-issuer").json();
        assertThat(metadata.get("credential_issuer").asString()).isEqualTo(issuer);
        JsonNode as = get(issuer + "/.well-known/oauth-authorization-server").json();
        String code = offer.json()
                .get("grants")
                .get("urn:ietf:params:oauth:grant-type:pre-authorized_code")
                .get("pre-authorized_code")
                .asString();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code");
        form.put("pre-authorized_code", code);
        if (txCode != null) {
            form.put("tx_code", txCode);
        }
        Answer token = postForm(as.get("token_endpoint").asString(), form);
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        assertThat(token.header("Cache-Control")).contains("no-store");
        return new Session(
                issuer,
                metadata,
                offer.json(),
                token.json().get("access_token").asString(),
                token.json().get("refresh_token").asString(),
                offer.json().get("credential_configuration_ids").get(0).asString());
    }

    String nonce(Session session) {
        Answer nonce = postRaw(session.issuerMetadata().get("nonce_endpoint").asString(), null, "");
        assertThat(nonce.status()).as(nonce.body()).isEqualTo(200);
        assertThat(nonce.header("Cache-Control")).contains("no-store");
        return nonce.json().get("c_nonce").asString();
    }

    String proof(String audience, String nonce) {
        return proof(key, audience, nonce, Instant.now(), "openid4vci-proof+jwt");
    }

    static String proof(ECKey signer, String audience, @Nullable String nonce, Instant iat, @Nullable String typ) {
        return proof(signer, signer.toPublicJWK(), audience, nonce, iat, typ);
    }

    static String proof(
            ECKey signer, ECKey headerKey, String audience, @Nullable String nonce, Instant iat, @Nullable String typ) {
        try {
            JWSHeader.Builder header = new JWSHeader.Builder(JWSAlgorithm.ES256).jwk(headerKey);
            if (typ != null) {
                header.type(new JOSEObjectType(typ));
            }
            JWTClaimsSet.Builder claims =
                    new JWTClaimsSet.Builder().audience(audience).issueTime(Date.from(iat));
            if (nonce != null) {
                claims.claim("nonce", nonce);
            }
            SignedJWT jwt = new SignedJWT(header.build(), claims.build());
            jwt.sign(new ECDSASigner(signer));
            return jwt.serialize();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The 1.0 request shape. */
    Answer requestCredential(Session session, String proof) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("credential_configuration_id", session.configurationId());
        body.put("proofs", Map.of("jwt", List.of(proof)));
        return postJson(session.issuerMetadata().get("credential_endpoint").asString(), session.accessToken(), body);
    }

    /** A 1.0 batch request: one credential per proof, each proof signed by its own key. */
    Answer requestCredentials(Session session, List<String> proofs) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("credential_configuration_id", session.configurationId());
        body.put("proofs", Map.of("jwt", proofs));
        return postJson(session.issuerMetadata().get("credential_endpoint").asString(), session.accessToken(), body);
    }

    /** A fresh P-256 key, as a wallet makes one per credential of a batch. */
    static ECKey newKey() {
        try {
            return new ECKeyGenerator(Curve.P_256).generate();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The draft-15 shape that wallets in the field still send: one {@code proof}. */
    Answer requestCredentialWithSingleProof(Session session, String proof) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("credential_configuration_id", session.configurationId());
        body.put("proof", Map.of("proof_type", "jwt", "jwt", proof));
        return postJson(session.issuerMetadata().get("credential_endpoint").asString(), session.accessToken(), body);
    }

    /** The bit of entry {@code idx} in the signed status list at {@code uri}, its signature checked against the JWKS. */
    int statusBit(String issuer, String uri, int idx) throws Exception {
        Answer list = get(uri);
        assertThat(list.status()).isEqualTo(200);
        SignedJWT jwt = SignedJWT.parse(list.body());
        JWKSet jwks = JWKSet.parse(
                get(issuer + "/.well-known/jwt-vc-issuer").json().get("jwks").toString());
        assertThat(jwt.verify(new ECDSAVerifier(
                        (ECKey) jwks.getKeyByKeyId(jwt.getHeader().getKeyID()))))
                .isTrue();
        assertThat(jwt.getJWTClaimsSet().getSubject()).isEqualTo(uri);
        Map<String, Object> statusList = jwt.getJWTClaimsSet().getJSONObjectClaim("status_list");
        Inflater inflater = new Inflater();
        inflater.setInput(Base64.getUrlDecoder().decode((String) statusList.get("lst")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!inflater.finished()) {
            bytes.write(buffer, 0, inflater.inflate(buffer));
        }
        byte[] bits = bytes.toByteArray();
        assertThat(bits.length * 8).as("list size").isGreaterThan(idx);
        return (bits[idx / 8] >> (idx % 8)) & 1;
    }
}
