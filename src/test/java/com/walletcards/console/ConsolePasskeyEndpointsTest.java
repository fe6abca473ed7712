package com.walletcards.console;

import static com.walletcards.console.ConsoleUsersForTests.PASSWORD;
import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.DatabaseTest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.web.webauthn.api.AuthenticatorTransport;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.ImmutableCredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCose;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialType;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;

/** The passkey endpoints over HTTP, as the console's script and forms call them, on H2 and PostgreSQL. */
@DatabaseTest
class ConsolePasskeyEndpointsTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PublicKeyCredentialUserEntityRepository userEntities;

    @Autowired
    UserCredentialRepository credentials;

    @Autowired
    SignInThrottle throttle;

    @Test
    void askingForSignInOptionsWithoutTheCsrfTokenIsForbidden() {
        ConsoleClient client = new ConsoleClient(port);
        client.get("/console/sign-in");

        assertThat(client.post(ConsolePasskeys.SIGN_IN_OPTIONS, Map.of()).statusCode())
                .isEqualTo(403);
    }

    @Test
    void theSignInPageGetsAChallengeForThePublicOriginsHost() {
        ConsoleClient client = new ConsoleClient(port);
        String token = client.csrf("/console/sign-in");

        HttpResponse<String> options = client.post(ConsolePasskeys.SIGN_IN_OPTIONS, Map.of("_csrf", token));

        assertThat(options.statusCode()).as(options.body()).isEqualTo(200);
        assertThat(options.body()).contains("\"challenge\":", "\"rpId\":\"localhost\"");
    }

    @Test
    void onlyASignedInUserMayAddAPasskey() {
        ConsoleClient stranger = new ConsoleClient(port);
        String token = stranger.csrf("/console/sign-in");
        HttpResponse<String> refused = stranger.post(ConsolePasskeys.REGISTER_OPTIONS, Map.of("_csrf", token));
        assertThat(refused.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(refused)).endsWith("/console/sign-in");

        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        String email = users.withPassword(users.organization("Passkey Org"), "editor");
        ConsoleClient editor = new ConsoleClient(port);
        assertThat(editor.signIn(email, PASSWORD).statusCode()).isEqualTo(302);
        HttpResponse<String> options =
                editor.post(ConsolePasskeys.REGISTER_OPTIONS, Map.of("_csrf", editor.csrf("/console/passkeys")));

        assertThat(options.statusCode()).as(options.body()).isEqualTo(200);
        assertThat(options.body()).contains("\"challenge\":", "\"displayName\":");
    }

    @Test
    void aUserRemovesTheirOwnPasskeyButNobodyElsesAndTheAuditLogSaysSo() {
        ConsoleUsersForTests users = new ConsoleUsersForTests(port, access);
        Organization org = users.organization("Passkey Removal Org");
        String ownerEmail = users.withPassword(org, "owner");
        String otherEmail = users.withPassword(users.organization("Other Passkey Org"), "owner");
        Bytes own = passkey(ownerEmail, "Desk key 7");
        Bytes others = passkey(otherEmail, "Someone else's phone");
        ConsoleClient owner = new ConsoleClient(port);
        assertThat(owner.signIn(ownerEmail, PASSWORD).statusCode()).isEqualTo(302);
        String page = owner.get("/console/passkeys").body();
        assertThat(page).contains("Desk key 7", "Remove the passkey \u201cDesk key 7\u201d?");
        String token = owner.csrf("/console/passkeys");

        assertThat(owner.post(remove(others), Map.of("_csrf", token)).statusCode())
                .as("another user's passkey")
                .isEqualTo(404);
        assertThat(owner.post(remove(own), Map.of()).statusCode())
                .as("without the CSRF token")
                .isEqualTo(403);
        assertThat(owner.post("/console/passkeys/not*base64/remove", Map.of("_csrf", token))
                        .statusCode())
                .isEqualTo(404);
        assertThat(credentials.findByCredentialId(own)).isNotNull();
        assertThat(credentials.findByCredentialId(others)).isNotNull();

        HttpResponse<String> removed = owner.post(remove(own), Map.of("_csrf", token));

        assertThat(removed.statusCode()).isEqualTo(302);
        assertThat(ConsoleClient.location(removed)).endsWith("/console/passkeys?removed");
        assertThat(credentials.findByCredentialId(own)).isNull();
        assertThat(owner.get("/console/passkeys?removed").body())
                .contains("The passkey was removed")
                .doesNotContain("Desk key 7");
        assertThat(jdbc.sql(
                                "SELECT target_id FROM audit_events WHERE organization_id = ? AND action = 'passkey.removed'")
                        .param(org.id().value())
                        .query(String.class)
                        .list())
                .containsExactly(own.toBase64UrlString());
        assertThat(owner.post(remove(own), Map.of("_csrf", token)).statusCode())
                .as("a passkey already removed")
                .isEqualTo(404);
    }

    @Test
    void fivePasskeyFailuresFromOneAddressWithinTheWindowSlowFurtherAttemptsWith429() {
        String address = "127.0.0.1";
        try {
            ConsoleClient client = new ConsoleClient(port);
            String token = client.csrf("/console/sign-in");
            HttpResponse<String> failed = client.post(ConsolePasskeys.SIGN_IN, Map.of("_csrf", token));
            assertThat(failed.statusCode()).as(failed.body()).isEqualTo(401);
            assertThat(passkeyFailures(address)).as("an HTTP failure counts").isEqualTo(1);
            for (int i = 0; i < 4; i++) {
                throttle.passkeyFailed(address);
            }

            HttpResponse<String> throttled = client.post(ConsolePasskeys.SIGN_IN, Map.of("_csrf", token));

            assertThat(throttled.statusCode()).isEqualTo(429);
            assertThat(throttled.headers().firstValue("Retry-After"))
                    .hasValueSatisfying(
                            seconds -> assertThat(Long.parseLong(seconds)).isBetween(1L, 900L));
            assertThat(throttled.body()).contains("\"authenticated\":false", "\"retryAfter\":");
            assertThat(client.get("/console/sign-in").body())
                    .as("the page can say how long to wait")
                    .contains("data-template=\"Too many attempts. Please wait {0} seconds and try again.\"");
        } finally {
            jdbc.sql("DELETE FROM console_sign_in_failures WHERE account_key = ?")
                    .param(SignInThrottle.passkeyKey(address))
                    .update();
        }
    }

    private long passkeyFailures(String address) {
        return jdbc.sql("SELECT failures FROM console_sign_in_failures WHERE account_key = ?")
                .param(SignInThrottle.passkeyKey(address))
                .query(Long.class)
                .single();
    }

    private static String remove(Bytes credentialId) {
        return "/console/passkeys/" + credentialId.toBase64UrlString() + "/remove";
    }

    /** A passkey as Spring Security's repositories keep one (its public key need not verify here). */
    private Bytes passkey(String email, String label) {
        String userId = jdbc.sql("SELECT id FROM console_users WHERE email = ?")
                .param(email)
                .query(String.class)
                .single();
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(userId);
        if (entity == null) {
            entity = ImmutablePublicKeyCredentialUserEntity.builder()
                    .name(userId)
                    .id(Bytes.random())
                    .displayName(email)
                    .build();
            userEntities.save(entity);
        }
        Bytes id = Bytes.random();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        credentials.save(ImmutableCredentialRecord.builder()
                .credentialType(PublicKeyCredentialType.PUBLIC_KEY)
                .credentialId(id)
                .userEntityUserId(entity.getId())
                .publicKey(new ImmutablePublicKeyCose(new byte[] {1, 2, 3}))
                .signatureCount(0)
                .uvInitialized(true)
                .transports(Set.of(AuthenticatorTransport.INTERNAL))
                .backupEligible(false)
                .backupState(false)
                .created(now)
                .lastUsed(now)
                .label(label)
                .build());
        return id;
    }
}
