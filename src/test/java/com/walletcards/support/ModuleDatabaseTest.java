package com.walletcards.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Settings of a Spring Modulith module test ({@code @ApplicationModuleTest}) on a real database:
 * like {@link DatabaseTest}, the build runs it on H2 and again on PostgreSQL (tag
 * {@code database}). The test class gives itself a database of its own with a
 * {@link SeparateDatabase} initializer, since a module context runs only its own modules' jobs
 * and must not meet the executions of the JVM's full application contexts. No other test class
 * shares such a context, so it is closed when its class is done and its jobs stop polling.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("database")
@DirtiesContext
@ExtendWith(PostgresAvailability.class)
@TestPropertySource(locations = "classpath:database-test.properties")
public @interface ModuleDatabaseTest {}
