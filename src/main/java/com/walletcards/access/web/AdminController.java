package com.walletcards.access.web;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.ApiKey;
import com.walletcards.access.IssuedKey;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
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

    record CreateOrganization(@Nullable String name) {}

    record OrganizationView(String id, String name, Instant createdAt) {
        static OrganizationView of(Organization o) {
            return new OrganizationView(o.id().value(), o.name(), o.createdAt());
        }
    }

    record CreateKey(@Nullable String name, @Nullable List<String> scopes) {}

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

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Envelope<OrganizationView> createOrganization(@RequestBody CreateOrganization body) {
        Validation v = new Validation();
        String name = v.requiredText("name", body.name(), 200);
        v.throwIfInvalid();
        return Envelope.of(OrganizationView.of(access.createOrganization(name)));
    }

    @PostMapping("/{orgId}/api-keys")
    @ResponseStatus(HttpStatus.CREATED)
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
                var scope = raw == null ? java.util.Optional.<Scope>empty() : Scope.parse(raw);
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
    Envelope<Map<String, List<KeyView>>> keys(@PathVariable String orgId) {
        return Envelope.of(Map.of(
                "apiKeys",
                access.keys(new OrganizationId(orgId)).stream().map(KeyView::of).toList()));
    }

    @DeleteMapping("/{orgId}/api-keys/{keyId}")
    Envelope<Map<String, Object>> revoke(@PathVariable String orgId, @PathVariable String keyId) {
        access.revokeKey(new OrganizationId(orgId), keyId);
        return Envelope.of(Map.of("id", keyId, "revoked", true));
    }
}
