package com.walletcards.webhook;

import com.walletcards.support.TestDatabase;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/** Points the webhook integration tests at a fresh database of their own (H2 or PostgreSQL). */
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
                        "webhook-test-database",
                        Map.of(
                                "spring.datasource.url", url(),
                                "spring.datasource.username", TestDatabase.user(),
                                "spring.datasource.password", "")));
    }
}
