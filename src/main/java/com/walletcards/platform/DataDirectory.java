package com.walletcards.platform;

import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes {@code wallet.data-dir} absolute before anything reads it. The embedded database URL is
 * built from it, and H2 refuses a path that is implicitly relative ({@code WALLET_DATA_DIR=data}),
 * so without this only {@code ./data}-style values would start.
 */
public final class DataDirectory implements EnvironmentPostProcessor, Ordered {

    static final String PROPERTY = "wallet.data-dir";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String configured = environment.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            return;
        }
        Path absolute = Path.of(configured).toAbsolutePath().normalize();
        environment
                .getPropertySources()
                .addFirst(new MapPropertySource("walletDataDirectory", Map.of(PROPERTY, absolute.toString())));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE; // after the configuration files and the environment are loaded
    }
}
