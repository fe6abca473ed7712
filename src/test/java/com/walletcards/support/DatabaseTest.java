package com.walletcards.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * A test of the running application over HTTP on a real database. The build runs every such
 * test twice: once on H2 and once on PostgreSQL (tag {@code database}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("database")
@ExtendWith(PostgresAvailability.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "wallet.access.admin-token=test-admin-token",
            "wallet.campaigns.completion-interval=PT1S",
            "wallet.providers.settings.alpha.callback-secret=" + DatabaseTest.CALLBACK_SECRET,
            "wallet.providers.settings.beta.callback-secret=" + DatabaseTest.CALLBACK_SECRET,
            "wallet.providers.settings.eudiw.callback-secret=" + DatabaseTest.CALLBACK_SECRET
        })
@TestPropertySource(locations = "classpath:database-test.properties")
@ContextConfiguration(initializers = TestDatabase.class)
public @interface DatabaseTest {

    /** The callback secret of every provider in database tests. */
    String CALLBACK_SECRET = "test-callback-secret";
}
