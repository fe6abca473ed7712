package com.walletcards.provider.openid4vci;

import java.util.LinkedHashMap;
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

    private static final MediaType STATUS_LIST = MediaType.parseMediaType("application/statuslist+jwt");

    private final CredentialIssuer issuer;
    private final JsonMapper json;
    private final int maxCredentialRequestBytes;

    Openid4vciEndpoints(CredentialIssuer issuer, JsonMapper json) {
        this.issuer = issuer;
        this.json = json;
        this.maxCredentialRequestBytes = MAX_REQUEST_BYTES + (issuer.batchSize() - 1) * MAX_PROOF_BYTES;
    }

    @GetMapping(path = "/.well-known/openid-credential-issuer")
    ResponseEntity<Map<String, Object>> issuerMetadata() {
        return cached(issuer.issuerMetadata());
    }

    @GetMapping(path = "/.well-known/oauth-authorization-server")
    ResponseEntity<Map<String, Object>> authorizationServer() {
        return cached(issuer.authorizationServerMetadata());
    }

    @GetMapping(path = "/.well-known/jwt-vc-issuer")
    ResponseEntity<Map<String, Object>> jwtVcIssuer() {
        return cached(issuer.jwtVcIssuerMetadata());
    }

    @GetMapping(path = "/wallet/eudiw/types/{id}")
    ResponseEntity<Map<String, Object>> typeMetadata(@PathVariable String id) {
        Map<String, Object> metadata = issuer.typeMetadata(id);
        return metadata == null ? notFound() : cached(metadata);
    }

    @GetMapping(path = "/wallet/eudiw/types/{id}/{key}")
    ResponseEntity<Map<String, Object>> campaignTypeMetadata(@PathVariable String id, @PathVariable String key) {
        Map<String, Object> metadata = issuer.campaignTypeMetadata(id, key);
        return metadata == null ? notFound() : cached(metadata);
    }

    @GetMapping(path = "/wallet/eudiw/offers/{code}")
    ResponseEntity<Map<String, Object>> offer(@PathVariable String code) {
        Map<String, Object> offer = issuer.offerDocument(code);
        return offer == null ? notFound() : noStore(offer);
    }

    @PostMapping(path = "/wallet/eudiw/token")
    ResponseEntity<Map<String, Object>> token(
            @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
            @RequestParam(name = "grant_type", required = false) @Nullable String grantType,
            @RequestParam(name = "pre-authorized_code", required = false) @Nullable String code,
            @RequestParam(name = "tx_code", required = false) @Nullable String txCode,
            @RequestParam(name = "refresh_token", required = false) @Nullable String refreshToken) {
        if (contentType == null
                || !MediaType.APPLICATION_FORM_URLENCODED.isCompatibleWith(MediaType.parseMediaType(contentType))) {
            throw Openid4vciError.badRequest("invalid_request", "Send application/x-www-form-urlencoded");
        }
        return noStore(issuer.token(grantType, code, txCode, refreshToken));
    }

    @PostMapping(path = "/wallet/eudiw/nonce")
    ResponseEntity<Map<String, Object>> nonce() {
        return noStore(Map.of("c_nonce", issuer.nonce()));
    }

    @PostMapping(path = "/wallet/eudiw/credential")
    ResponseEntity<Map<String, Object>> credential(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
            @RequestBody(required = false) byte @Nullable [] body) {
        var holder = issuer.accessToken(authorization);
        return noStore(
                issuer.credential(holder, object(body, "invalid_credential_request", maxCredentialRequestBytes)));
    }

    @PostMapping(path = "/wallet/eudiw/notification")
    ResponseEntity<Void> notification(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
            @RequestBody(required = false) byte @Nullable [] body) {
        var holder = issuer.accessToken(authorization);
        issuer.notification(holder, object(body, "invalid_notification_request", MAX_REQUEST_BYTES));
        return ResponseEntity.noContent().cacheControl(CacheControl.noStore()).build();
    }

    @GetMapping(path = "/wallet/eudiw/status-lists/{id}")
    ResponseEntity<String> statusList(@PathVariable String id) {
        if (!id.matches("[0-9]{1,6}")) {
            return ResponseEntity.notFound().build();
        }
        String token = issuer.statusLists().token(Integer.parseInt(id));
        if (token == null) {
            return ResponseEntity.notFound().build();
        }
        return ResponseEntity.ok()
                .contentType(STATUS_LIST)
                .cacheControl(CacheControl.maxAge(StatusLists.TTL).cachePublic())
                .body(token);
    }

    @ExceptionHandler(Openid4vciError.class)
    ResponseEntity<Map<String, Object>> error(Openid4vciError error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error.code());
        body.put("error_description", error.getMessage());
        var answer = ResponseEntity.status(error.status())
                .cacheControl(CacheControl.noStore())
                .contentType(MediaType.APPLICATION_JSON);
        if (error.status() == 401) {
            answer.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"" + error.code() + "\"");
        }
        return answer.body(body);
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

    private static ResponseEntity<Map<String, Object>> notFound() {
        return ResponseEntity.status(404)
                .cacheControl(CacheControl.noStore())
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", "not_found", "error_description", "No such resource"));
    }

    private static ResponseEntity<Map<String, Object>> noStore(Map<String, Object> body) {
        return ResponseEntity.ok()
                .cacheControl(CacheControl.noStore())
                .contentType(MediaType.APPLICATION_JSON)
                .body(body);
    }

    private static ResponseEntity<Map<String, Object>> cached(Map<String, Object> body) {
        return ResponseEntity.ok()
                .cacheControl(
                        CacheControl.maxAge(java.time.Duration.ofMinutes(5)).cachePublic())
                .contentType(MediaType.APPLICATION_JSON)
                .body(body);
    }
}
