package com.walletcards.provider.google;

import java.util.Map;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.stereotype.Component;

/**
 * Contract §11: {@code beta} is {@code google} when a service account is configured, else
 * {@code local}; an explicit {@code WALLET_PROVIDER_BETA_MODE} always wins. Runs before any bean
 * is created, so the provider registry sees the chosen mode.
 */
@Component
class GoogleWalletMode implements BeanFactoryPostProcessor, EnvironmentAware {

    static final String MODE = "google";
    static final String MODE_PROPERTY = "wallet.providers.settings.beta.mode";
    private static final String FILE_PROPERTY = "wallet.providers.settings.beta.google.service-account-file";

    private ConfigurableEnvironment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = (ConfigurableEnvironment) environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        String file = environment.getProperty(FILE_PROPERTY, "");
        boolean explicit = environment.containsProperty("WALLET_PROVIDER_BETA_MODE")
                || !"local".equals(environment.getProperty(MODE_PROPERTY, "local"));
        if (!file.isBlank() && !explicit) {
            environment
                    .getPropertySources()
                    .addFirst(new MapPropertySource("google-wallet-mode", Map.of(MODE_PROPERTY, MODE)));
        }
    }
}
