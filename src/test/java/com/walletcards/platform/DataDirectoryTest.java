package com.walletcards.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class DataDirectoryTest {

    @Test
    void aRelativeDataDirectoryBecomesAbsoluteSoTheEmbeddedDatabaseAcceptsIt() {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("given", Map.of("wallet.data-dir", "data")));
        environment
                .getPropertySources()
                .addLast(new MapPropertySource(
                        "application", Map.of("h2", "jdbc:h2:file:${wallet.data-dir}/wallet;MODE=PostgreSQL")));

        new DataDirectory().postProcessEnvironment(environment, new SpringApplication());

        String expected = Path.of("data").toAbsolutePath().toString();
        assertThat(environment.getProperty("wallet.data-dir")).isEqualTo(expected);
        assertThat(environment.getProperty("h2")).isEqualTo("jdbc:h2:file:" + expected + "/wallet;MODE=PostgreSQL");
    }

    @Test
    void anAbsoluteDataDirectoryStaysAsGiven() {
        StandardEnvironment environment = new StandardEnvironment();
        environment
                .getPropertySources()
                .addFirst(new MapPropertySource("given", Map.of("wallet.data-dir", "/var/lib/wallet")));

        new DataDirectory().postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty("wallet.data-dir")).isEqualTo("/var/lib/wallet");
    }
}
