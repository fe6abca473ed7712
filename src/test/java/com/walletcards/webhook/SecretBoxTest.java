package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretBoxTest {

    @TempDir
    Path dataDir;

    private WebhookProperties properties(String secretKey) {
        return new WebhookProperties(
                false,
                secretKey,
                dataDir,
                Duration.ofSeconds(15),
                List.of(Duration.ofSeconds(5)),
                0.1,
                Duration.ofDays(5),
                Duration.ofHours(24),
                Duration.ofSeconds(1),
                8,
                4096);
    }

    @Test
    void secretsRoundTripAndAreNotStoredInClear() {
        SecretBox box = new SecretBox(SecretKeys.load(properties(null)));
        SigningSecret secret = SigningSecret.generate();

        String sealed = box.seal(secret, "whk_1");

        assertThat(sealed).doesNotContain(secret.value().substring(6));
        assertThat(box.open(sealed, "whk_1")).isEqualTo(secret);
    }

    @Test
    void aSecretSealedForOneWebhookDoesNotOpenForAnother() {
        SecretBox box = new SecretBox(SecretKeys.load(properties(null)));
        String sealed = box.seal(SigningSecret.generate(), "whk_1");

        assertThatThrownBy(() -> box.open(sealed, "whk_2")).isInstanceOf(SecretBox.SecretUnreadable.class);
    }

    @Test
    void withoutConfigurationAKeyIsGeneratedOnceIntoAPrivateFile() throws Exception {
        SecretBox first = new SecretBox(SecretKeys.load(properties(null)));
        Path file = dataDir.resolve(SecretKeys.KEY_FILE);
        String sealed = first.seal(SigningSecret.generate(), "whk_1");

        SecretBox afterRestart = new SecretBox(SecretKeys.load(properties(" ")));

        assertThat(file).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(afterRestart.open(sealed, "whk_1")).isNotNull();
    }

    @Test
    void aConfiguredKeysetIsUsedAsJsonOrAsBase64() throws Exception {
        new SecretBox(SecretKeys.load(properties(null)));
        String json = Files.readString(dataDir.resolve(SecretKeys.KEY_FILE));
        String base64 = Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
        Files.delete(dataDir.resolve(SecretKeys.KEY_FILE));

        String sealed = new SecretBox(SecretKeys.load(properties(json))).seal(SigningSecret.generate(), "whk_1");

        assertThat(new SecretBox(SecretKeys.load(properties(base64))).open(sealed, "whk_1"))
                .isNotNull();
        assertThat(dataDir.resolve(SecretKeys.KEY_FILE)).doesNotExist();
    }

    @Test
    void anUnusableConfiguredKeyStopsTheStartWithoutEchoingIt() {
        assertThatThrownBy(() -> SecretKeys.load(properties("bm90LWEta2V5c2V0")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageNotContaining("bm90LWEta2V5c2V0")
                .hasMessageNotContaining("not-a-keyset");
    }
}
