package com.walletcards.support;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * A fresh database (H2 or PostgreSQL) per subclass, for tests whose background workers must not
 * meet the workers of the JVM's other test contexts: each subclass is one such group of tests.
 */
public abstract class SeparateDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private static final Map<Class<?>, String> URLS = new ConcurrentHashMap<>();

    public String url() {
        return URLS.computeIfAbsent(getClass(), group -> TestDatabase.freshDatabase());
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        context.getEnvironment()
                .getPropertySources()
                .addFirst(new MapPropertySource(
                        getClass().getName(),
                        Map.of(
                                "spring.datasource.url", url(),
                                "spring.datasource.username", TestDatabase.user(),
                                "spring.datasource.password", "")));
    }
}
