package com.walletcards.support;

import com.walletcards.WalletCampaignsApplication;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One more instance of the whole service in this JVM, on a database of the caller's choice: what a
 * second node of a deployment is, minus the process boundary.
 */
public final class Instance implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private Instance(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts the service on a free port against {@code databaseUrl}, with the providers recorded. */
    public static Instance start(String name, String databaseUrl, Map<String, Object> properties) {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("server.port", 0);
        all.put("spring.datasource.url", databaseUrl);
        all.put("spring.datasource.username", TestDatabase.user());
        all.put("spring.datasource.password", "");
        all.put("wallet.data-dir", "target/instances/" + name);
        all.put("wallet.access.bootstrap-api-key", "");
        all.put("db-scheduler.polling-interval", "200ms");
        all.put("spring.main.banner-mode", "off");
        all.putAll(LocalModes.properties());
        all.putAll(LiftedRateLimits.properties());
        // The PostgreSQL server of a test run is shared: keep each extra instance's pool small.
        all.put("spring.datasource.hikari.maximum-pool-size", 5);
        all.putAll(properties);
        List<String> args = new ArrayList<>();
        all.forEach((k, v) -> args.add("--" + k + "=" + v));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(
                        WalletCampaignsApplication.class, RecordingProviders.class)
                .run(args.toArray(String[]::new));
        return new Instance(context);
    }

    public int port() {
        return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
