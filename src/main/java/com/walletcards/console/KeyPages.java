package com.walletcards.console;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.ApiKey;
import com.walletcards.access.IssuedKey;
import com.walletcards.access.Scope;
import com.walletcards.console.view.KeyRow;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.Validation;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The organization's API keys, for owners: the list (never a secret), creating a key with chosen
 * scopes (its secret shown on the answer page only), and revoking one after a confirmation; the
 * access module's own operations, so a revoked key is refused at once (ADR 0015). Each write is in
 * the audit log with the owner as actor, as the admin API's are with the operator.
 */
@Controller
class KeyPages {

    static final int MAX_NAME = 200;

    private final AccessManagement access;
    private final AuditLog audit;

    KeyPages(AccessManagement access, AuditLog audit) {
        this.access = access;
        this.audit = audit;
    }

    @GetMapping("/console/keys")
    String list(@AuthenticationPrincipal SignedIn user, Locale locale, Model model) {
        ConsoleWrites.requireOwner(user);
        return page(user, locale, model);
    }

    @PostMapping("/console/keys")
    String create(
            @AuthenticationPrincipal SignedIn user,
            @RequestParam(required = false) @Nullable String name,
            @RequestParam(required = false) @Nullable List<String> scopes,
            Locale locale,
            Model model,
            HttpServletResponse response) {
        ConsoleWrites.requireOwner(user);
        Validation v = new Validation();
        String validName = v.requiredText("name", name, MAX_NAME);
        Set<Scope> chosen = EnumSet.noneOf(Scope.class);
        for (String raw : scopes == null ? List.<String>of() : scopes) {
            Optional<Scope> scope = Scope.parse(raw);
            if (scope.isEmpty()) {
                v.reject("scopes", "unknown scope");
            } else {
                chosen.add(scope.get());
            }
        }
        if (validName == null || chosen.isEmpty() || v.hasErrors()) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problem", "console.keys.invalid");
            model.addAttribute("name", name == null ? "" : name);
            model.addAttribute("chosen", chosen.stream().map(Scope::value).toList());
            return page(user, locale, model);
        }
        IssuedKey issued = access.issueKey(user.organization(), validName, chosen);
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                "api_key.created",
                "api_key",
                issued.key().id(),
                "{}");
        // The secret is on this page only: no cache, no history entry a back button could restore.
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        model.addAttribute("user", user.view());
        model.addAttribute("key", row(issued.key(), time(locale)));
        model.addAttribute("secret", issued.secret());
        return "console/key-created";
    }

    @GetMapping("/console/keys/{keyId}/revoke")
    String confirmRevoke(
            @AuthenticationPrincipal SignedIn user, @PathVariable String keyId, Locale locale, Model model) {
        ConsoleWrites.requireOwner(user);
        ApiKey key = activeKey(user, keyId);
        model.addAttribute("user", user.view());
        model.addAttribute("key", row(key, time(locale)));
        return "console/key-confirm";
    }

    @PostMapping("/console/keys/{keyId}/revoke")
    String revoke(@AuthenticationPrincipal SignedIn user, @PathVariable String keyId, RedirectAttributes flash) {
        ConsoleWrites.requireOwner(user);
        ApiKey key = activeKey(user, keyId);
        access.revokeKey(user.organization(), key.id());
        audit.record(user.organization(), AuditLog.Actor.user(user), "api_key.revoked", "api_key", key.id(), "{}");
        flash.addFlashAttribute("revoked", name(key));
        return "redirect:/console/keys";
    }

    /** The organization's key, not yet revoked; any other (another organization's, unknown) is 404. */
    private ApiKey activeKey(SignedIn user, String keyId) {
        return access.keys(user.organization()).stream()
                .filter(k -> k.id().equals(keyId) && k.revokedAt() == null)
                .findFirst()
                .orElseThrow(() -> new NotFound("API key"));
    }

    private String page(SignedIn user, Locale locale, Model model) {
        DateTimeFormatter time = time(locale);
        List<KeyRow> active = new ArrayList<>();
        List<KeyRow> revoked = new ArrayList<>();
        List<ApiKey> newestFirst = new ArrayList<>(access.keys(user.organization()));
        java.util.Collections.reverse(newestFirst);
        for (ApiKey key : newestFirst) {
            (key.revokedAt() == null ? active : revoked).add(row(key, time));
        }
        model.addAttribute("user", user.view());
        model.addAttribute("keys", active);
        model.addAttribute("revokedKeys", revoked);
        model.addAttribute(
                "scopes", Arrays.stream(Scope.values()).map(Scope::value).toList());
        model.addAttribute("maxName", MAX_NAME);
        if (!model.containsAttribute("chosen")) {
            model.addAttribute("chosen", List.of());
            model.addAttribute("name", "");
        }
        return "console/keys";
    }

    private static KeyRow row(ApiKey key, DateTimeFormatter time) {
        return new KeyRow(
                key.id(),
                name(key),
                key.prefix(),
                key.scopes().stream().map(Scope::value).sorted().toList(),
                format(key.createdAt(), time),
                key.lastUsedAt() == null ? null : format(key.lastUsedAt(), time),
                key.revokedAt() == null ? null : format(key.revokedAt(), time));
    }

    private static String name(ApiKey key) {
        return key.name() == null || key.name().isBlank() ? key.prefix() : key.name();
    }

    private static String format(Instant at, DateTimeFormatter time) {
        return time.format(at) + " UTC";
    }

    private static DateTimeFormatter time(Locale locale) {
        return DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM)
                .withLocale(locale)
                .withZone(ZoneOffset.UTC);
    }
}
