package com.walletcards.console;

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
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The signed-in user's passkeys and the form that adds one; the ceremony itself runs in the
 * page's script against {@link ConsolePasskeys}' endpoints.
 */
@Controller
class PasskeyPages {

    /** One passkey as the page lists it. */
    record PasskeyRow(String label, String created, String lastUsed) {}

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'");

    private final PublicKeyCredentialUserEntityRepository userEntities;
    private final UserCredentialRepository credentials;

    PasskeyPages(PublicKeyCredentialUserEntityRepository userEntities, UserCredentialRepository credentials) {
        this.userEntities = userEntities;
        this.credentials = credentials;
    }

    @GetMapping("/console/passkeys")
    String list(@AuthenticationPrincipal SignedIn user, Model model) {
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(user.userId());
        List<PasskeyRow> rows = entity == null
                ? List.of()
                : credentials.findByUserId(entity.getId()).stream()
                        .sorted(Comparator.comparing(CredentialRecord::getCreated))
                        .map(c -> new PasskeyRow(c.getLabel(), format(c.getCreated()), format(c.getLastUsed())))
                        .toList();
        model.addAttribute("user", user.view());
        model.addAttribute("passkeys", rows);
        return "console/passkeys";
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
