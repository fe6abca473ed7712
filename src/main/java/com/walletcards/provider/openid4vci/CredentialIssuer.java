package com.walletcards.provider.openid4vci;

import com.authlete.sd.Disclosure;
import com.authlete.sd.SDObjectBuilder;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.shared.Ids;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.Times;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The issuer's protocol steps (OpenID4VCI 1.0, pre-authorized code flow): offers, tokens,
 * nonces, credentials as SD-JWT VCs, notifications. The HTTP layer only maps requests and
 * {@link Openid4vciError}s.
 */
final class CredentialIssuer {

    static final String PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";
    static final String PROOF_TYP = "openid4vci-proof+jwt";
    static final Set<JWSAlgorithm> PROOF_ALGORITHMS = Set.of(JWSAlgorithm.ES256);
    static final Duration OFFER_LIFETIME = Duration.ofMinutes(10);
    static final Duration ACCESS_TOKEN_LIFETIME = Duration.ofMinutes(5);
    static final Duration PROOF_MAX_AGE = Duration.ofMinutes(5);
    static final Duration CLOCK_SKEW = Duration.ofSeconds(60);
    static final Duration CREDENTIAL_VALIDITY = Duration.ofDays(365);
    /**
     * Credentials one request may ask for: the EU reference wallet asks for a batch (one
     * credential per presentation, so verifiers cannot link them) up to the issuer's limit.
     */
    static final int DEFAULT_BATCH_SIZE = 10;

    /** The largest batch a deployment may configure: it bounds a request's size and its work. */
    static final int MAX_BATCH_SIZE = 100;

    private static final Logger log = LoggerFactory.getLogger(CredentialIssuer.class);

    private final String issuer;
    private final IssuerKey key;
    private final Openid4vciStore store;
    private final AccessTokens accessTokens;
    private final StatusLists statusLists;
    private final Nonces nonces;
    private final ObjectContents contents;
    private final ObjectEvents events;
    private final Clock clock;
    private final @Nullable TxCodes txCodes;
    private final CampaignTypes campaignTypes;
    private final int batchSize;
    /** Chosen when the issuer is created, so that the start-up log says which one checks proofs. */
    private final Provider proofSignatures = ProofSignatures.PROVIDER;
    /**
     * Every credential's header (algorithm, key id, certificate chain, type), parsed from its own
     * serialized form, which it then keeps: signing a credential no longer writes the header's
     * JSON and Base64 (the certificate chain included) again.
     */
    private final JWSHeader credentialHeader;

    CredentialIssuer(
            String issuer,
            IssuerKey key,
            Openid4vciStore store,
            StatusLists statusLists,
            Nonces nonces,
            ObjectContents contents,
            ObjectEvents events,
            Clock clock,
            @Nullable TxCodes txCodes,
            CampaignTypes campaignTypes,
            int batchSize) {
        if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
            throw new IllegalStateException(
                    "WALLET_EUDIW_BATCH_SIZE must be between 1 and " + MAX_BATCH_SIZE + ": " + batchSize);
        }
        this.batchSize = batchSize;
        this.txCodes = txCodes;
        this.campaignTypes = campaignTypes;
        this.issuer = issuer;
        this.key = key;
        try {
            this.credentialHeader = JWSHeader.parse(
                    key.header().type(new JOSEObjectType("dc+sd-jwt")).build().toBase64URL());
        } catch (ParseException e) {
            throw new IllegalStateException("The credential header does not parse back", e);
        }
        this.store = store;
        this.accessTokens = new AccessTokens(store);
        this.statusLists = statusLists;
        this.nonces = nonces;
        this.contents = contents;
        this.events = events;
        this.clock = clock;
    }

    String issuer() {
        return issuer;
    }

    IssuerKey key() {
        return key;
    }

    StatusLists statusLists() {
        return statusLists;
    }

    /** The most proofs, so credentials, one credential request may carry. */
    int batchSize() {
        return batchSize;
    }

    // ---- metadata ----

    String vct(CredentialTypes.Type type) {
        return issuer + "/wallet/eudiw/types/" + type.configurationId();
    }

    Map<String, Object> issuerMetadata() {
        Map<String, Object> configurations = new LinkedHashMap<>();
        for (CredentialTypes.Type type : CredentialTypes.all()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("format", "dc+sd-jwt");
            c.put("scope", type.configurationId());
            c.put("vct", vct(type));
            c.put("cryptographic_binding_methods_supported", List.of("jwk"));
            c.put("credential_signing_alg_values_supported", List.of("ES256"));
            c.put(
                    "proof_types_supported",
                    Map.of(
                            "jwt",
                            Map.of(
                                    "proof_signing_alg_values_supported",
                                    PROOF_ALGORITHMS.stream()
                                            .map(JWSAlgorithm::getName)
                                            .toList())));
            c.put("display", List.of(display(type.name(), type.backgroundColor(), null)));
            c.put(
                    "credential_metadata",
                    Map.of("display", List.of(display(type.name(), type.backgroundColor(), null))));
            configurations.put(type.configurationId(), c);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("credential_issuer", issuer);
        m.put("credential_endpoint", issuer + "/wallet/eudiw/credential");
        m.put("nonce_endpoint", issuer + "/wallet/eudiw/nonce");
        m.put("notification_endpoint", issuer + "/wallet/eudiw/notification");
        if (batchSize > 1) {
            // 1.0 §12.2.4: present only when more than one proof is accepted, and then at least 2.
            m.put("batch_credential_issuance", Map.of("batch_size", batchSize));
        }
        m.put("display", List.of(Map.of("name", "Wallet cards", "locale", "en")));
        m.put("credential_configurations_supported", configurations);
        return m;
    }

    Map<String, Object> authorizationServerMetadata() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("issuer", issuer);
        m.put("token_endpoint", issuer + "/wallet/eudiw/token");
        m.put("grant_types_supported", List.of(PRE_AUTHORIZED_GRANT, "refresh_token"));
        m.put("pre-authorized_grant_anonymous_access_supported", true);
        m.put("response_types_supported", List.of());
        m.put("token_endpoint_auth_methods_supported", List.of("none"));
        return m;
    }

    Map<String, Object> jwtVcIssuerMetadata() {
        return Map.of(
                "issuer", issuer, "jwks", Map.of("keys", List.of(key.publicJwk().toJSONObject())));
    }

    /** The campaign's own type URL: the configuration's, extended by the campaign's key. */
    String vct(CredentialTypes.Type type, String typeKey) {
        return vct(type) + "/" + typeKey;
    }

    /** SD-JWT VC type metadata served at the configuration's {@code vct} URL: the generic look. */
    @Nullable
    Map<String, Object> typeMetadata(String configurationId) {
        var type = CredentialTypes.forConfigurationId(configurationId).orElse(null);
        if (type == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vct", vct(type));
        m.put("name", type.name());
        m.put("description", type.name() + " issued by the wallet card service");
        m.put("display", List.of(typeDisplay(type.name(), null, type.backgroundColor(), "#FFFFFF", null, null)));
        m.put("claims", claimMetadata());
        return m;
    }

    /**
     * The type metadata at a campaign's {@code vct} URL: the campaign's name, colours and logo; it
     * extends the configuration's type, so a verifier that knows only that one still understands it.
     */
    @Nullable
    Map<String, Object> campaignTypeMetadata(String configurationId, String typeKey) {
        var type = CredentialTypes.forConfigurationId(configurationId).orElse(null);
        var display = type == null
                ? null
                : campaignTypes.find(configurationId, typeKey).orElse(null);
        if (type == null || display == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vct", vct(type, typeKey));
        m.put("name", display.name());
        m.put("description", display.description() != null ? display.description() : type.name());
        m.put("extends", vct(type));
        m.put(
                "display",
                List.of(typeDisplay(
                        display.name(),
                        display.description(),
                        display.backgroundColor(),
                        display.textColor(),
                        display.logoUri(),
                        display.logoAltText())));
        m.put("claims", claimMetadata());
        return m;
    }

    private static Map<String, Object> typeDisplay(
            String name,
            @Nullable String description,
            String background,
            String text,
            @Nullable String logo,
            @Nullable String logoAlt) {
        Map<String, Object> simple = new LinkedHashMap<>();
        simple.put("background_color", background);
        simple.put("text_color", text);
        if (logo != null) {
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("uri", logo);
            if (logoAlt != null) {
                l.put("alt_text", logoAlt);
            }
            simple.put("logo", l);
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("lang", "en");
        d.put("name", name);
        if (description != null) {
            d.put("description", description);
        }
        d.put("rendering", Map.of("simple", simple));
        return d;
    }

    private static List<Map<String, Object>> claimMetadata() {
        List<Map<String, Object>> claims = new ArrayList<>();
        for (String[] claim : new String[][] {
            {"name", "Name"},
            {"holder_name", "Holder"},
            {"organization", "Issued by"},
            {"venue", "Venue"},
            {"start_date", "From"},
            {"end_date", "Until"},
            {"starts_at", "Starts"},
            {"ends_at", "Ends"},
            {"barcode", "Code"},
            {"details", "Details"}
        }) {
            claims.add(Map.of(
                    "path",
                    List.of(claim[0]),
                    "display",
                    List.of(Map.of("lang", "en", "label", claim[1])),
                    "sd",
                    "always"));
        }
        return claims;
    }

    private static Map<String, Object> display(String name, String background, @Nullable String logo) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", name);
        d.put("locale", "en");
        d.put("background_color", background);
        d.put("text_color", "#FFFFFF");
        if (logo != null) {
            d.put("logo", Map.of("uri", logo));
        }
        return d;
    }

    // ---- offer ----

    /** A fresh single-use pre-authorized code for the object, and the offer that carries it. */
    AddToWallet.Offer offer(String objectRef, String walletCardId) {
        String code = Openid4vciStore.secret();
        Instant now = Times.now(clock);
        store.saveOffer(code, new Openid4vciStore.Holder(objectRef, walletCardId), now, now.plus(OFFER_LIFETIME));
        String offerUri = issuer + "/wallet/eudiw/offers/" + code;
        String link = "openid-credential-offer://?credential_offer_uri="
                + URLEncoder.encode(offerUri, StandardCharsets.UTF_8);
        return new AddToWallet.Offer(link, link);
    }

    /** The offer JSON behind a credential_offer_uri, while its code can still be redeemed. */
    @Nullable
    Map<String, Object> offerDocument(String code) {
        if (code.length() > 100) {
            return null;
        }
        var holder = store.openOffer(code, Times.now(clock)).orElse(null);
        if (holder == null) {
            return null;
        }
        var current = contents.find(ProviderName.eudiw, holder.objectRef()).orElse(null);
        if (current == null || current.state() != ObjectContents.State.LIVE || current.content() == null) {
            return null;
        }
        var type = CredentialTypes.forCampaignType(current.content().campaignType());
        Map<String, Object> grant = new LinkedHashMap<>();
        grant.put("pre-authorized_code", code);
        if (txCodes != null) {
            grant.put("tx_code", TxCodes.OFFER_DESCRIPTION);
        }
        Map<String, Object> offer = new LinkedHashMap<>();
        offer.put("credential_issuer", issuer);
        offer.put("credential_configuration_ids", List.of(type.configurationId()));
        offer.put("grants", Map.of(PRE_AUTHORIZED_GRANT, grant));
        return offer;
    }

    // ---- token ----

    Map<String, Object> token(
            @Nullable String grantType, @Nullable String code, @Nullable String txCode, @Nullable String refreshToken) {
        if (grantType == null || grantType.isBlank()) {
            throw Openid4vciError.badRequest("invalid_request", "grant_type is required");
        }
        Instant now = Times.now(clock);
        Openid4vciStore.Holder holder;
        String refresh;
        if (PRE_AUTHORIZED_GRANT.equals(grantType)) {
            if (code == null || code.isBlank()) {
                throw Openid4vciError.badRequest("invalid_request", "pre-authorized_code is required");
            }
            if (txCodes == null && txCode != null) {
                // No transaction code is ever offered: one sent anyway is a client error, not a guess to count.
                throw Openid4vciError.badRequest("invalid_grant", "This offer has no transaction code");
            }
            if (txCodes != null && code.length() <= 100) {
                checkTxCode(code, txCode, now);
            }
            holder = code.length() > 100 ? null : store.redeem(code, now).orElse(null);
            if (holder == null) {
                throw Openid4vciError.badRequest(
                        "invalid_grant", "The pre-authorized code is unknown, expired or already used");
            }
            refresh = Openid4vciStore.secret();
            store.saveToken(refresh, "refresh", holder, now, null);
        } else if ("refresh_token".equals(grantType)) {
            if (refreshToken == null || refreshToken.isBlank()) {
                throw Openid4vciError.badRequest("invalid_request", "refresh_token is required");
            }
            holder = refreshToken.length() > 100
                    ? null
                    : store.token(refreshToken, "refresh", now).orElse(null);
            if (holder == null || !live(holder.objectRef())) {
                throw Openid4vciError.badRequest("invalid_grant", "The refresh token is not valid");
            }
            refresh = refreshToken;
        } else {
            throw Openid4vciError.badRequest(
                    "unsupported_grant_type", "Supported: " + PRE_AUTHORIZED_GRANT + ", refresh_token");
        }
        String access = Openid4vciStore.secret();
        accessTokens.save(access, holder, now, now.plus(ACCESS_TOKEN_LIFETIME));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("access_token", access);
        answer.put("token_type", "Bearer");
        answer.put("expires_in", ACCESS_TOKEN_LIFETIME.toSeconds());
        answer.put("refresh_token", refresh);
        return answer;
    }

    /**
     * The offer's object must have a transaction code (sent with its invitation email) and the
     * request must carry it; each wrong code counts against the object's code, which stops working
     * after {@link Openid4vciStore#MAX_CODE_ATTEMPTS} (a new invitation sends a new one).
     */
    private void checkTxCode(String code, @Nullable String txCode, Instant now) {
        var offered = store.openOffer(code, now).orElse(null);
        if (offered == null) {
            return; // redeeming fails with the code's own error
        }
        if (txCode == null || txCode.isBlank()) {
            throw Openid4vciError.badRequest("invalid_grant", "This offer requires the transaction code (tx_code)");
        }
        var expected = store.txCode(offered.objectRef()).orElse(null);
        if (expected == null) {
            throw Openid4vciError.badRequest(
                    "invalid_grant", "No transaction code was sent for this card; ask for a new invitation");
        }
        if (expected.failedAttempts() >= Openid4vciStore.MAX_CODE_ATTEMPTS) {
            throw Openid4vciError.badRequest(
                    "invalid_grant", "Too many wrong transaction codes; ask for a new invitation");
        }
        if (!Objects.requireNonNull(txCodes).matches(txCode, expected.codeHash())) {
            store.txCodeFailed(offered.objectRef(), code);
            throw Openid4vciError.badRequest("invalid_grant", "The transaction code is wrong");
        }
    }

    /** The invitation email's line with a fresh transaction code for the object, or null when off. */
    @Nullable
    String inviteEmailLine(String objectRef) {
        if (txCodes == null) {
            return null;
        }
        String code = txCodes.generate();
        store.saveTxCode(objectRef, txCodes.hash(code), Times.now(clock));
        return TxCodes.EMAIL_LINE + code;
    }

    private boolean live(String objectRef) {
        return contents.find(ProviderName.eudiw, objectRef)
                .map(c -> c.state() == ObjectContents.State.LIVE)
                .orElse(false);
    }

    Openid4vciStore.Holder accessToken(@Nullable String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new Openid4vciError(401, "invalid_token", "A Bearer access token is required");
        }
        String token = authorization.substring(7).trim();
        if (token.isEmpty() || token.length() > 100) {
            throw new Openid4vciError(401, "invalid_token", "The access token is unknown or expired");
        }
        return accessTokens
                .holder(token, Times.now(clock))
                .orElseThrow(() -> new Openid4vciError(401, "invalid_token", "The access token is unknown or expired"));
    }

    // ---- nonce ----

    String nonce() {
        return nonces.issue();
    }

    // ---- credential ----

    /**
     * Verifies the request's proofs and issues one SD-JWT VC of the card's current content per
     * proof, each bound to its proof's key and with its own status entry, under one notification
     * id (OpenID4VCI 1.0 batch issuance). Every proof is checked before anything is written, so a
     * bad one refuses the whole request. {@code request} is the parsed JSON body.
     */
    Map<String, Object> credential(Openid4vciStore.Holder holder, Map<String, Object> request) {
        if (!(request.get("credential_configuration_id") instanceof String configurationId)) {
            throw Openid4vciError.badRequest("invalid_credential_request", "credential_configuration_id is required");
        }
        var type = CredentialTypes.forConfigurationId(configurationId)
                .orElseThrow(() -> Openid4vciError.badRequest(
                        "unknown_credential_configuration", "Unknown credential_configuration_id"));
        List<ECKey> holderKeys = new ArrayList<>();
        Set<String> points = new HashSet<>();
        // A batch's proofs usually carry one nonce: it is decrypted and checked once.
        Set<String> validNonces = new HashSet<>();
        for (String proof : proofJwts(request)) {
            ECKey holderKey = verifyProof(proof, validNonces);
            // 1.0 §8.3: each key the wallet provides binds at most one credential.
            if (!points.add(holderKey.getX() + "." + holderKey.getY())) {
                throw Openid4vciError.badRequest(
                        "invalid_proof", "Two proofs carry the same key; each key binds one credential");
            }
            holderKeys.add(holderKey);
        }

        // The card's content is read once for the whole batch: every credential carries the same.
        var current = contents.find(ProviderName.eudiw, holder.objectRef()).orElse(null);
        if (current == null || current.state() != ObjectContents.State.LIVE || current.content() == null) {
            throw new Openid4vciError(403, "credential_request_denied", "This card can no longer be issued");
        }
        CardContent content = current.content();
        if (!CredentialTypes.forCampaignType(content.campaignType()).equals(type)) {
            throw Openid4vciError.badRequest(
                    "unknown_credential_configuration", "This token was not offered " + configurationId);
        }
        Instant now = Times.now(clock);
        String notificationId = Ids.newId("ntf");
        var entries = statusLists.allocate(notificationId, holder, content.version(), now, holderKeys.size());
        String typeKey = campaignTypes.publish(type, content, now);
        List<Map<String, Object>> credentials = new ArrayList<>();
        for (int i = 0; i < holderKeys.size(); i++) {
            // Each credential gets its own disclosure salts as well as its own key and status
            // entry, so no value in one links it to another of the batch.
            credentials.add(
                    Map.of("credential", sdJwt(type, typeKey, content, holderKeys.get(i), entries.get(i), now)));
        }
        // A card that still holds another credential of this object was reported installed with that
        // one (and not removed since): a re-issuance skips the card's locking transaction.
        if (!store.otherCredentialsHeld(holder.objectRef(), notificationId)) {
            try {
                events.report(new ObjectEvent(
                        ProviderName.eudiw, holder.objectRef(), notificationId, ObjectEvent.Kind.INSTALLED, now));
            } catch (NotFound e) {
                log.warn("Issued a credential for object {} that the card module does not know", holder.objectRef());
            }
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("credentials", credentials);
        answer.put("notification_id", notificationId);
        return answer;
    }

    /** The proof JWTs of either the 1.0 {@code proofs} (up to the batch size) or the older single {@code proof}. */
    private List<String> proofJwts(Map<String, Object> request) {
        Object proofs = request.get("proofs");
        Object proof = request.get("proof");
        if (proofs != null && proof != null) {
            throw Openid4vciError.badRequest("invalid_credential_request", "Send either proofs or proof, not both");
        }
        if (proofs != null) {
            if (!(proofs instanceof Map<?, ?> byType)
                    || byType.size() != 1
                    || !(byType.get("jwt") instanceof List<?> jwts)) {
                throw Openid4vciError.badRequest("invalid_credential_request", "proofs must be {\"jwt\": [...]}");
            }
            if (jwts.isEmpty() || jwts.size() > batchSize) {
                // batch_size bounds the array (1.0 §12.2.4); a longer one is an unsupported value.
                throw Openid4vciError.badRequest(
                        "invalid_credential_request", "proofs.jwt must hold 1 to " + batchSize + " proofs");
            }
            List<String> strings = new ArrayList<>();
            for (Object jwt : jwts) {
                if (!(jwt instanceof String s)) {
                    throw Openid4vciError.badRequest("invalid_proof", "A proof must be a JWT string");
                }
                strings.add(s);
            }
            return strings;
        }
        if (proof != null) {
            if (!(proof instanceof Map<?, ?> single) || !"jwt".equals(single.get("proof_type"))) {
                throw Openid4vciError.badRequest("invalid_proof", "Only proof_type jwt is supported");
            }
            if (!(single.get("jwt") instanceof String jwt)) {
                throw Openid4vciError.badRequest("invalid_proof", "proof.jwt is required");
            }
            return List.of(jwt);
        }
        throw Openid4vciError.badRequest("invalid_proof", "A key proof is required");
    }

    /**
     * Checks the proof JWT (OpenID4VCI Appendix F.1) and answers the key it binds the credential to;
     * {@code validNonces} holds the nonces this request has found valid already.
     */
    ECKey verifyProof(String jwt, Set<String> validNonces) {
        SignedJWT proof;
        try {
            proof = SignedJWT.parse(jwt);
        } catch (ParseException e) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof is not a signed JWT");
        }
        var header = proof.getHeader();
        if (header.getType() == null || !PROOF_TYP.equals(header.getType().getType())) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's typ must be " + PROOF_TYP);
        }
        if (!PROOF_ALGORITHMS.contains(header.getAlgorithm())) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's alg is not supported");
        }
        JWK jwk = header.getJWK();
        if (!(jwk instanceof ECKey ecKey) || !Curve.P_256.equals(ecKey.getCurve())) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's header must carry a P-256 jwk");
        }
        if (ecKey.isPrivate()) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's jwk must not contain a private key");
        }
        try {
            ECDSAVerifier verifier = new ECDSAVerifier(ecKey);
            verifier.getJCAContext().setProvider(proofSignatures);
            if (!proof.verify(verifier)) {
                throw Openid4vciError.badRequest("invalid_proof", "The proof's signature does not match its jwk");
            }
        } catch (JOSEException e) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's signature cannot be checked");
        }
        JWTClaimsSet claims;
        try {
            claims = proof.getJWTClaimsSet();
        } catch (ParseException e) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's claims are not a JSON object");
        }
        if (claims.getAudience() == null || !claims.getAudience().contains(issuer)) {
            throw Openid4vciError.badRequest("invalid_proof", "The proof's aud must be " + issuer);
        }
        Instant now = clock.instant();
        if (claims.getIssueTime() == null
                || claims.getIssueTime().toInstant().isAfter(now.plus(CLOCK_SKEW))
                || claims.getIssueTime().toInstant().isBefore(now.minus(PROOF_MAX_AGE))) {
            throw Openid4vciError.badRequest(
                    "invalid_proof", "The proof's iat is missing or outside the allowed window");
        }
        Object nonce = claims.getClaim("nonce");
        if (!(nonce instanceof String n) || !validNonces.contains(n) && !nonces.valid(n)) {
            throw Openid4vciError.badRequest("invalid_nonce", "The proof's nonce is missing, unknown or expired");
        }
        validNonces.add(n);
        return ecKey.toPublicJWK();
    }

    private String sdJwt(
            CredentialTypes.Type type,
            String typeKey,
            CardContent content,
            ECKey holderKey,
            Openid4vciStore.Entry status,
            Instant now) {
        List<Disclosure> disclosures = new ArrayList<>();
        SDObjectBuilder top = new SDObjectBuilder();
        sd(top, disclosures, "name", content.campaignName());
        sd(top, disclosures, "holder_name", content.recipientName());
        sd(top, disclosures, "organization", content.organizationName());
        sd(top, disclosures, "venue", content.venue());
        sd(top, disclosures, "start_date", text(content.startDate()));
        sd(top, disclosures, "end_date", text(content.endDate()));
        sd(
                top,
                disclosures,
                "starts_at",
                content.eventStartsAt() == null ? null : content.eventStartsAt().toString());
        sd(
                top,
                disclosures,
                "ends_at",
                content.eventEndsAt() == null ? null : content.eventEndsAt().toString());
        sd(top, disclosures, "barcode", content.barcodeValue());
        // The campaign's and the recipient's other data (a seat, a tier...), each disclosable alone.
        SDObjectBuilder details = new SDObjectBuilder();
        int detailCount = 0;
        for (var entry : content.data().entrySet()) {
            if (!"design".equals(entry.getKey()) && !"location".equals(entry.getKey()) && entry.getValue() != null) {
                sd(details, disclosures, entry.getKey(), entry.getValue());
                detailCount++;
            }
        }
        if (detailCount > 0) {
            top.putClaim("details", details.build());
        }
        Map<String, Object> claims = top.build(true);
        claims.put("iss", issuer);
        claims.put("iat", now.getEpochSecond());
        claims.put("exp", expiry(content, now).getEpochSecond());
        claims.put("vct", vct(type, typeKey));
        claims.put("cnf", Map.of("jwk", holderKey.toJSONObject()));
        claims.put(
                "status", Map.of("status_list", Map.of("idx", status.idx(), "uri", statusLists.uri(status.listId()))));
        JWSObject jws = new JWSObject(credentialHeader, new Payload(claims));
        try {
            jws.sign(key.signer());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        // The SD-JWT's compact form (RFC 9901 §4): the signed JWT, then each disclosure, each followed
        // by '~'. Built here rather than by SDJWT, whose constructor parses the JWT's payload back
        // from JSON and hashes the whole for a key binding that issuance has no use for.
        StringBuilder sdJwt = new StringBuilder(jws.serialize()).append('~');
        disclosures.forEach(d -> sdJwt.append(d.getDisclosure()).append('~'));
        return sdJwt.toString();
    }

    private static void sd(SDObjectBuilder builder, List<Disclosure> disclosures, String name, @Nullable Object value) {
        if (value != null) {
            disclosures.add(builder.putSDClaim(name, value));
        }
    }

    private static @Nullable String text(@Nullable LocalDate date) {
        return date == null ? null : date.toString();
    }

    /** Valid until the card's end (a day after its end date), at most a year; a year without an end. */
    private static Instant expiry(CardContent content, Instant now) {
        Instant end = content.eventEndsAt() != null
                ? content.eventEndsAt()
                : content.endDate() != null
                        ? content.endDate()
                                .plusDays(1)
                                .atStartOfDay(ZoneOffset.UTC)
                                .toInstant()
                        : null;
        Instant max = now.plus(CREDENTIAL_VALIDITY);
        return end == null || end.isAfter(max) || end.isBefore(now) ? max : end;
    }

    // ---- notification ----

    static final Set<String> NOTIFICATION_EVENTS =
            Set.of("credential_accepted", "credential_failure", "credential_deleted");

    void notification(Openid4vciStore.Holder holder, Map<String, Object> request) {
        if (!(request.get("notification_id") instanceof String id) || id.length() > 100) {
            throw Openid4vciError.badRequest("invalid_notification_request", "notification_id is required");
        }
        if (!(request.get("event") instanceof String event) || !NOTIFICATION_EVENTS.contains(event)) {
            throw Openid4vciError.badRequest(
                    "invalid_notification_request", "event must be one of " + NOTIFICATION_EVENTS);
        }
        var issued = store.credential(id)
                .filter(c -> c.objectRef().equals(holder.objectRef()))
                .orElseThrow(() -> Openid4vciError.badRequest("invalid_notification_id", "Unknown notification_id"));
        if (event.equals(issued.lastEvent())) {
            return;
        }
        store.recordEvent(id, event);
        if (!"credential_accepted".equals(event) && !store.otherCredentialsHeld(issued.objectRef(), id)) {
            try {
                events.report(new ObjectEvent(
                        ProviderName.eudiw,
                        issued.objectRef(),
                        id + ":" + event,
                        ObjectEvent.Kind.REMOVED,
                        Times.now(clock)));
            } catch (NotFound e) {
                log.warn("A notification about object {} that the card module does not know", issued.objectRef());
            }
        }
    }
}
