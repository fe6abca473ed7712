package com.walletcards.support;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.PropertySourcesPropertyResolver;
import org.springframework.core.io.ClassPathResource;

/**
 * The database a service process of a test runs on: a fresh PostgreSQL database on the PostgreSQL
 * run; on the H2 run the service's own embedded default (the URL {@code application.yml}
 * configures, under a fresh data directory), so that tests exercise exactly what a user gets.
 *
 * <p>The embedded URL gets {@code AUTO_SERVER=TRUE}: the running service owns the file and serves
 * the test's own connections over a local socket, and once the service is killed the test opens
 * the file directly. The durability settings are the service's, untouched.
 */
public record ServiceDatabase(String url, String user, Path dataDir) {

    public static ServiceDatabase fresh(Path directory) {
        Path dataDir = directory.toAbsolutePath();
        if (TestDatabase.postgres()) {
            return new ServiceDatabase(TestDatabase.freshDatabase(), TestDatabase.user(), dataDir);
        }
        // H2 refuses AUTO_SERVER together with DB_CLOSE_ON_EXIT=FALSE; that setting only orders the
        // shutdown of a gracefully stopped service and has nothing to do with durability.
        String url = embeddedDefaultUrl(dataDir).replace(";DB_CLOSE_ON_EXIT=FALSE", "") + ";AUTO_SERVER=TRUE";
        return new ServiceDatabase(url, "sa", dataDir);
    }

    /** The settings a {@link ServiceProcess} needs to run on this database. */
    public Map<String, String> settings() {
        return Map.of(
                "spring.datasource.url",
                url,
                "spring.datasource.username",
                user,
                "spring.datasource.password",
                "",
                "wallet.data-dir",
                dataDir.toString());
    }

    /** {@code spring.datasource.url} as {@code application.yml} resolves it without WALLET_DATABASE_URL. */
    public static String embeddedDefaultUrl(Path dataDir) {
        YamlPropertiesFactoryBean yaml = new YamlPropertiesFactoryBean();
        yaml.setResources(new ClassPathResource("application.yml"));
        Properties application = yaml.getObject();
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new MapPropertySource("test", Map.of("wallet.data-dir", dataDir.toString())));
        sources.addLast(new PropertiesPropertySource("application.yml", application));
        String url = new PropertySourcesPropertyResolver(sources).getRequiredProperty("spring.datasource.url");
        if (!url.startsWith("jdbc:h2:file:")) {
            throw new IllegalStateException("unset WALLET_DATABASE_URL to run the H2 tests; it resolved to " + url);
        }
        return url;
    }
}
