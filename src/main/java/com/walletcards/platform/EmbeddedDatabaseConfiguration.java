package com.walletcards.platform;

import java.util.Arrays;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Puts {@link EmbeddedDatabaseRepair} around the connection pool's life on the embedded database:
 * every data source depends on it, so it runs before the pool (and Flyway through it) opens the
 * file, and its end runs after the pool has closed every connection.
 */
@Configuration(proxyBeanMethods = false)
class EmbeddedDatabaseConfiguration {

    static final String BEAN = "embeddedDatabaseLifecycle";

    @Bean(name = BEAN, destroyMethod = "close")
    EmbeddedDatabaseLifecycle embeddedDatabaseLifecycle(Environment environment) {
        String url = environment.getProperty("spring.datasource.url", "");
        return new EmbeddedDatabaseLifecycle(EmbeddedH2File.of(url)
                .map(file -> new EmbeddedDatabaseRepair(
                        file,
                        environment.getProperty("spring.datasource.username", ""),
                        environment.getProperty("spring.datasource.password", "")))
                .orElse(null));
    }

    @Bean
    static BeanFactoryPostProcessor dataSourcesAfterEmbeddedDatabaseRepair() {
        return beanFactory -> {
            for (String name : beanFactory.getBeanNamesForType(DataSource.class, true, false)) {
                BeanDefinition definition = beanFactory.getBeanDefinition(name);
                String[] dependsOn = definition.getDependsOn();
                definition.setDependsOn(
                        Stream.concat(dependsOn == null ? Stream.empty() : Arrays.stream(dependsOn), Stream.of(BEAN))
                                .toArray(String[]::new));
            }
        };
    }

    /** Repairs at creation, removes the open marker at destruction; nothing on other databases. */
    static final class EmbeddedDatabaseLifecycle implements AutoCloseable {

        private final @Nullable EmbeddedDatabaseRepair repair;

        EmbeddedDatabaseLifecycle(@Nullable EmbeddedDatabaseRepair repair) {
            this.repair = repair;
            if (repair != null) {
                repair.open();
            }
        }

        @Override
        public void close() {
            if (repair != null) {
                repair.closed();
            }
        }
    }
}
