package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.walletcards.shared.NotFound;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The issuer's HTTP endpoints. They are public (outside {@code /v1}, no API key): wallets call
 * them with the codes and tokens the protocol gives them. Errors use the protocol's
 * {@code {"error", "error_description"}} form, which wallets understand.
 */
@RestController
@ConditionalOnProperty(name = "wallet.providers.settings.eudiw.mode", havingValue = Openid4vciConfiguration.MODE)
class Openid4vciEndpoints {

    /** Larger than any legitimate notification request or credential request with one proof JWT. */
    static final int MAX_REQUEST_BYTES = 16 * 1024;

    /** Room for each further proof JWT of a batch (a P-256 proof is well under 1 KiB). */
    static final int MAX_PROOF_BYTES = 2 * 1024;

    static final String CREDENTIAL_PATH = "/wallet/eudiw/credential";
    static final String NOTIFICATION_PATH = "/wallet/eudiw/notification";

    /** RFC 9449 §4.1: the header that carries a DPoP proof. */
    private static final String DPOP = "DPoP";

    private static final MediaType STATUS_LIST = MediaType.parseMediaType("application/statuslist+jwt");

    /** The nonce endpoint's answer (OpenID4VCI 1.0 §7.2). */
    record NonceResponse(@JsonProperty("c_nonce") String cNonce) {}

    private final IssuerMetadata metadata;
    private final CredentialOffers offers;
    private final Tokens tokens;
    private final ProtectedRequests protectedRequests;
    private final Nonces nonces;
    private final CredentialIssuer issuer;
    private final CredentialNotifications notifications;
    private final StatusLists statusLists;
    private final JsonMapper json;
    private final int maxCredentialRequestBytes;

    Openid4vciEndpoints(
            IssuerMetadata metadata,
            CredentialOffers offers,
            Tokens tokens,
            ProtectedRequests protectedRequests,
            Nonces nonces,
            CredentialIssuer issuer,
            CredentialNotifications notifications,
            StatusLists statusLists,
            BatchSize batchSize,
            JsonMapper json) {
        this.metadata = metadata;
        this.offers = offers;
        this.tokens = tokens;
        this.protectedRequests = protectedRequests;
        this.nonces = nonces;
        this.issuer = issuer;
        this.notifications = notifications;
        this.statusLists = statusLists;
        this.json = json;
        this.maxCredentialRequestBytes = MAX_REQUEST_BYTES + (batchSize.credentials() - 1) * MAX_PROOF_BYTES;
    }

    @GetMapping(path = "/.well-known/openid-credential-issuer")
    ResponseEntity<IssuerMetadata.CredentialIssuerMetadata> issuerMetadata() {
        return cached(metadata.credentialIssuer());
    }

    @GetMapping(path = "/.well-known/oauth-authorization-server")
    ResponseEntity<IssuerMetadata.AuthorizationServerMetadata> authorizationServer() {
        return cached(metadata.authorizationServer());
    }

    @GetMapping(path = "/.well-known/jwt-vc-issuer")
    ResponseEntity<IssuerMetadata.JwtVcIssuerMetadata> jwtVcIssuer() {
        return cached(metadata.jwtVcIssuer());
    }

    @GetMapping(path = "/wallet/eudiw/types/{id}")
    ResponseEntity<?> typeMetadata(@PathVariable String id) {
        return metadata.type(id)
                .<ResponseEntity<?>>map(Openid4vciEndpoints::cached)
                .orElseGet(Openid4vciEndpoints::notFound);
    }

    @GetMapping(path = "/wallet/eudiw/types/{id}/{key}")
    ResponseEntity<?> campaignTypeMetadata(@PathVariable String id, @PathVariable String key) {
        return metadata.campaignType(id, key)
                .<ResponseEntity<?>>map(Openid4vciEndpoints::cached)
                .orElseGet(Openid4vciEndpoints::notFound);
    }

    @GetMapping(path = "/wallet/eudiw/offers/{code}")
    ResponseEntity<?> offer(@PathVariable String code) {
        return offers.document(code)
                .<ResponseEntity<?>>map(Openid4vciEndpoints::noStore)
                .orElseGet(Openid4vciEndpoints::notFound);
    }

    @PostMapping(path = Tokens.PATH)
    ResponseEntity<Tokens.TokenResponse> token(
            @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
            @RequestHeader(name = DPOP, required = false) @Nullable String proof,
            @RequestParam(name = "grant_type", required = false) @Nullable String grantType,
            @RequestParam(name = "pre-authorized_code", required = false) @Nullable String code,
            @RequestParam(name = "tx_code", required = false) @Nullable String txCode,
            @RequestParam(name = "refresh_token", required = false) @Nullable String refreshToken) {
        if (contentType == null
                || !MediaType.APPLICATION_FORM_URLENCODED.isCompatibleWith(MediaType.parseMediaType(contentType))) {
            throw Openid4vciError.badRequest("invalid_request", "Send application/x-www-form-urlencoded");
        }
        return noStore(tokens.grant(grantType, code, txCode, refreshToken, proof));
    }

    @PostMapping(path = "/wallet/eudiw/nonce")
    ResponseEntity<NonceResponse> nonce() {
        return noStore(new NonceResponse(nonces.issue()));
    }

    @PostMapping(path = CREDENTIAL_PATH)
    ResponseEntity<CredentialIssuer.CredentialResponse> credential(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
            @RequestHeader(name = DPOP, required = false) @Nullable String proof,
            @RequestBody(required = false) byte @Nullable [] body) {
        var holder = protectedRequests.holder(authorization, proof, CREDENTIAL_PATH);
        return noStore(
                issuer.credential(holder, object(body, "invalid_credential_request", maxCredentialRequestBytes)));
    }

    @PostMapping(path = NOTIFICATION_PATH)
    ResponseEntity<Void> notification(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
            @RequestHeader(name = DPOP, required = false) @Nullable String proof,
            @RequestBody(required = false) byte @Nullable [] body) {
        var holder = protectedRequests.holder(authorization, proof, NOTIFICATION_PATH);
        notifications.notification(holder, object(body, "invalid_notification_request", MAX_REQUEST_BYTES));
        return ResponseEntity.noContent().cacheControl(CacheControl.noStore()).build();
    }

    @GetMapping(path = "/wallet/eudiw/status-lists/{id}")
    ResponseEntity<String> statusList(@PathVariable String id) {
        // An unknown list is the API's 404 envelope: status list clients read only the status.
        String token = id.matches("[0-9]{1,6}") ? statusLists.token(Integer.parseInt(id)) : null;
        if (token == null) {
            throw new NotFound("Status list");
        }
        return ResponseEntity.ok()
                .contentType(STATUS_LIST)
                .cacheControl(CacheControl.maxAge(StatusLists.TTL).cachePublic())
                .body(token);
    }

    @ExceptionHandler(Openid4vciError.class)
    ResponseEntity<Openid4vciError.Body> error(Openid4vciError error) {
        var answer = ResponseEntity.status(error.status())
                .cacheControl(CacheControl.noStore())
                .contentType(MediaType.APPLICATION_JSON);
        if (error.status() == 401) {
            answer.header(HttpHeaders.WWW_AUTHENTICATE, error.challenges().toArray(String[]::new));
        }
        return answer.body(error.body());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> object(byte @Nullable [] body, String errorCode, int maxBytes) {
        if (body == null || body.length == 0) {
            throw Openid4vciError.badRequest(errorCode, "A JSON object is required");
        }
        if (body.length > maxBytes) {
            throw Openid4vciError.badRequest(errorCode, "The request is larger than " + maxBytes + " bytes");
        }
        try {
            return json.readValue(body, Map.class);
        } catch (JacksonException | ClassCastException e) {
            throw Openid4vciError.badRequest(errorCode, "The body is not a JSON object");
        }
    }

    private static ResponseEntity<Openid4vciError.Body> notFound() {
        return ResponseEntity.status(404)
                .cacheControl(CacheControl.noStore())
                .contentType(MediaType.APPLICATION_JSON)
                .body(new Openid4vciError.Body("not_found", "No such resource"));
    }

    private static <T> ResponseEntity<T> noStore(T body) {
        return ResponseEntity.ok()
                .cacheControl(CacheControl.noStore())
                .contentType(MediaType.APPLICATION_JSON)
                .body(body);
    }

    private static <T> ResponseEntity<T> cached(T body) {
        return ResponseEntity.ok()
                .cacheControl(
                        CacheControl.maxAge(java.time.Duration.ofMinutes(5)).cachePublic())
                .contentType(MediaType.APPLICATION_JSON)
                .body(body);
    }
}
