package com.walletcards.platform.database;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Puts {@link DeadlineDataSource} around the connection pool and watches the database with
 * {@link DatabaseLink}, whose verdict is also a health contributor ({@code databaseLink}).
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

    @Bean
    static BeanPostProcessor requestDeadlinesOnThePool() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                return bean instanceof HikariDataSource pool ? new DeadlineDataSource(pool) : bean;
            }
        };
    }

    @Bean(destroyMethod = "close")
    DatabaseLink databaseLink(DataSource dataSource, DatabaseDeadlineProperties properties) throws SQLException {
        return new DatabaseLink(
                direct(dataSource.unwrap(HikariDataSource.class), properties), properties.silenceAfter());
    }

    @Bean
    HealthIndicator databaseLinkHealthIndicator(DatabaseLink link) {
        return () -> link.lost()
                ? Health.down()
                        .withDetail("silentForMillis", link.silentForMillis())
                        .build()
                : Health.up().build();
    }

    /**
     * A data source outside the pool, for the database's own watcher, with the pool's settings; none
     * for an H2 database inside the process, which cannot go silent. PostgreSQL's login is bounded
     * by the silence threshold, so that a handshake the silent network never answers gives up.
     */
    private static @Nullable DataSource direct(HikariDataSource pool, DatabaseDeadlineProperties properties) {
        String url = pool.getJdbcUrl();
        if (url == null || inProcess(url)) {
            return null;
        }
        Properties settings = new Properties();
        settings.putAll(pool.getDataSourceProperties());
        if (url.startsWith("jdbc:postgresql:")) {
            settings.setProperty(
                    "loginTimeout", Double.toString(properties.silenceAfter().toMillis() / 1000.0));
        }
        return new DriverDataSource(url, pool.getDriverClassName(), settings, pool.getUsername(), pool.getPassword());
    }

    private static boolean inProcess(String url) {
        return url.startsWith("jdbc:h2:") && !url.startsWith("jdbc:h2:tcp:") && !url.startsWith("jdbc:h2:ssl:");
    }
}
