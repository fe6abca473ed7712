package com.walletcards.access.web;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.ApiKey;
import com.walletcards.access.IssuedKey;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.ApiSchemas;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Organizations and API keys, for operators holding WALLET_ADMIN_TOKEN. */
@RestController
@RequestMapping("/admin/v1/organizations")
class AdminController {

    private final AccessManagement access;

    AdminController(AccessManagement access) {
        this.access = access;
    }

    @Schema(name = "CreateOrganizationRequest")
    record CreateOrganization(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minLength = 1,
                    maxLength = 200,
                    pattern = "\\S",
                    example = "Acme Events")
            @Nullable
            String name) {}

    @Schema(name = "Organization")
    record OrganizationView(
            String id,
            String name,
            @Schema(types = {"object", "null"}) OrganizationPatch.@Nullable ContactDocument contact,
            @Schema(allowableValues = {"en", "de"}) String defaultLocale,
            Instant createdAt) {
        static OrganizationView of(Organization o) {
            return new OrganizationView(
                    o.id().value(),
                    o.name(),
                    OrganizationPatch.ContactDocument.of(o.contact()),
                    o.defaultLocale().getLanguage(),
                    o.createdAt());
        }
    }

    @Schema(name = "CreateApiKeyRequest")
    record CreateKey(
            @Schema(maxLength = 200, example = "ci") @Nullable
            String name,

            @ArraySchema(
                    schema = @Schema(ref = ApiSchemas.SCOPE),
                    minItems = 1,
                    uniqueItems = true,
                    arraySchema = @Schema(description = "Default: every scope"))
            @Nullable
            List<String> scopes) {}

    @Schema(name = "ApiKey")
    record KeyView(
            String id,
            @Nullable String name,
            String prefix,
            List<String> scopes,
            Instant createdAt,
            @Nullable Instant revokedAt) {
        static KeyView of(ApiKey k) {
            return new KeyView(
                    k.id(),
                    k.name(),
                    k.prefix(),
                    k.scopes().stream().map(Scope::value).sorted().toList(),
                    k.createdAt(),
                    k.revokedAt());
        }
    }

    @Schema(name = "IssuedApiKey")
    record IssuedKeyView(
            String id, @Nullable String name, String key, String prefix, List<String> scopes, Instant createdAt) {
        static IssuedKeyView of(IssuedKey issued) {
            ApiKey k = issued.key();
            return new IssuedKeyView(
                    k.id(),
                    k.name(),
                    issued.secret(),
                    k.prefix(),
                    k.scopes().stream().map(Scope::value).sorted().toList(),
                    k.createdAt());
        }
    }

    @Schema(name = "ApiKeyList")
    record KeyList(List<KeyView> apiKeys) {}

    @Schema(name = "RevokedApiKey")
    record RevokedKey(String id, boolean revoked) {}

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(
            operationId = "createOrganization",
            summary = "Create an organization",
            description = "An organization owns campaigns, webhooks and API keys; its data is invisible to every"
                    + " other organization.")
    Envelope<OrganizationView> createOrganization(@RequestBody CreateOrganization body) {
        Validation v = new Validation();
        String name = v.requiredText("name", body.name(), 200);
        v.throwIfInvalid();
        return Envelope.of(OrganizationView.of(access.createOrganization(name)));
    }

    @GetMapping("/{orgId}")
    @Operation(
            operationId = "getOrganization",
            summary = "Get an organization",
            description = "Its name, contact and default language.")
    Envelope<OrganizationView> organization(@PathVariable String orgId) {
        return Envelope.of(OrganizationView.of(
                access.organization(new OrganizationId(orgId)).orElseThrow(() -> new NotFound("Organization"))));
    }

    @PatchMapping(path = "/{orgId}", consumes = "application/json")
    @Operation(
            operationId = "updateOrganization",
            summary = "Change an organization",
            description = "Its name, how holders reach it (the Reply-To of invite emails, shown on card pages) and"
                    + " the language of recipients without a locale of their own.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            schema =
                                                    @Schema(
                                                            implementation =
                                                                    OrganizationPatch.UpdateOrganizationRequest
                                                                            .class))))
    Envelope<OrganizationView> updateOrganization(
            @PathVariable String orgId, @RequestBody Map<String, @Nullable Object> body) {
        return Envelope.of(OrganizationView.of(
                access.updateOrganization(new OrganizationId(orgId), OrganizationPatch.read(body))));
    }

    @PostMapping("/{orgId}/api-keys")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(
            operationId = "createApiKey",
            summary = "Issue an API key",
            description = "The key is in this response only; the service stores just its hash.")
    Envelope<IssuedKeyView> createKey(
            @PathVariable String orgId, @RequestBody(required = false) @Nullable CreateKey body) {
        Validation v = new Validation();
        String name = body == null ? null : v.optionalText("name", body.name(), 200);
        Set<Scope> scopes = Scope.all();
        if (body != null && body.scopes() != null) {
            scopes = EnumSet.noneOf(Scope.class);
            List<String> requested = body.scopes();
            for (int i = 0; i < requested.size(); i++) {
                String raw = requested.get(i);
                var scope = raw == null ? Optional.<Scope>empty() : Scope.parse(raw);
                if (scope.isEmpty()) {
                    v.reject("scopes[" + i + "]", "must be one of " + Scope.all());
                } else {
                    scopes.add(scope.get());
                }
            }
            if (requested.isEmpty()) {
                v.reject("scopes", "must name at least one scope");
            }
        }
        v.throwIfInvalid();
        return Envelope.of(IssuedKeyView.of(access.issueKey(new OrganizationId(orgId), name, scopes)));
    }

    @GetMapping("/{orgId}/api-keys")
    @Operation(operationId = "listApiKeys", summary = "List API keys", description = "Without their secrets.")
    Envelope<KeyList> keys(@PathVariable String orgId) {
        return Envelope.of(new KeyList(
                access.keys(new OrganizationId(orgId)).stream().map(KeyView::of).toList()));
    }

    @DeleteMapping("/{orgId}/api-keys/{keyId}")
    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key", description = "It stops working at once.")
    Envelope<RevokedKey> revoke(@PathVariable String orgId, @PathVariable String keyId) {
        access.revokeKey(new OrganizationId(orgId), keyId);
        return Envelope.of(new RevokedKey(keyId, true));
    }
}
