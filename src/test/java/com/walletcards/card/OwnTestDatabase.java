package com.walletcards.card;

import com.walletcards.support.TestDatabase;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Gives the live-update tests a database of their own: the other test contexts of the JVM stay
 * alive and would otherwise run the propagation jobs too, without the recording providers.
 */
final class OwnTestDatabase implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private static volatile String url;

    static synchronized String url() {
        if (url == null) {
            url = TestDatabase.freshDatabase();
        }
        return url;
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        context.getEnvironment()
                .getPropertySources()
                .addFirst(new MapPropertySource(
                        "card-test-database",
                        Map.of(
                                "spring.datasource.url", url(),
                                "spring.datasource.username", TestDatabase.user(),
                                "spring.datasource.password", "")));
    }
}
