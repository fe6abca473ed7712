package com.walletcards.console;

import com.walletcards.shared.NotFound;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * The signed-in user's passkeys, the form that adds one (the ceremony itself runs in the page's
 * script against {@link ConsolePasskeys}' endpoints) and the forms that remove one, which need no
 * script: a confirmation that opens in place, then a POST with the CSRF token.
 */
@Controller
class PasskeyPages {

    /** One passkey as the page lists it. */
    record PasskeyRow(String id, String label, String created, String lastUsed) {}

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'");

    private final PublicKeyCredentialUserEntityRepository userEntities;
    private final UserCredentialRepository credentials;
    private final AuditLog audit;

    PasskeyPages(
            PublicKeyCredentialUserEntityRepository userEntities,
            UserCredentialRepository credentials,
            AuditLog audit) {
        this.userEntities = userEntities;
        this.credentials = credentials;
        this.audit = audit;
    }

    @GetMapping("/console/passkeys")
    String list(@AuthenticationPrincipal SignedIn user, Model model) {
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(user.userId());
        List<PasskeyRow> rows = entity == null
                ? List.of()
                : credentials.findByUserId(entity.getId()).stream()
                        .sorted(Comparator.comparing(CredentialRecord::getCreated))
                        .map(c -> new PasskeyRow(
                                c.getCredentialId().toBase64UrlString(),
                                c.getLabel(),
                                format(c.getCreated()),
                                format(c.getLastUsed())))
                        .toList();
        model.addAttribute("user", user.view());
        model.addAttribute("passkeys", rows);
        return "console/passkeys";
    }

    /**
     * Removes one of the user's own passkeys; anyone else's, or one that is gone, is 404 like
     * any other page that is not the user's.
     */
    @PostMapping("/console/passkeys/{id}/remove")
    String remove(@AuthenticationPrincipal SignedIn user, @PathVariable String id) {
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(user.userId());
        Bytes credentialId;
        try {
            credentialId = Bytes.fromBase64(id);
        } catch (IllegalArgumentException notBase64) {
            throw new NotFound("Passkey");
        }
        CredentialRecord passkey = credentials.findByCredentialId(credentialId);
        if (entity == null || passkey == null || !entity.getId().equals(passkey.getUserEntityUserId())) {
            throw new NotFound("Passkey");
        }
        credentials.delete(credentialId);
        audit.record(user.organization(), AuditLog.Actor.user(user), "passkey.removed", "passkey", id, "{}");
        return "redirect:/console/passkeys?removed";
    }

    @GetMapping("/console/assets/passkeys.js")
    ResponseEntity<Resource> script() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "javascript"))
                .cacheControl(CacheControl.noCache())
                .body(new ClassPathResource("console/passkeys.js"));
    }

    private static String format(java.time.Instant at) {
        return at == null ? "" : DAY.format(at.atOffset(ZoneOffset.UTC));
    }
}
