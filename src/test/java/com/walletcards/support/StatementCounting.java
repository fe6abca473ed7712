package com.walletcards.support;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * What an HTTP request costs the database: the statements it executes (each JDBC execute or
 * batch, plus each commit and rollback), recorded by a counting data source around the pool for
 * the requests that {@link #countRequests} selects. Import it into a test's context.
 */
@TestConfiguration(proxyBeanMethods = false)
public class StatementCounting {

    private static final ConcurrentLinkedQueue<String> EXECUTED = new ConcurrentLinkedQueue<>();
    private static final ThreadLocal<Boolean> IN_REQUEST = ThreadLocal.withInitial(() -> false);
    private static volatile Predicate<HttpServletRequest> counted = request -> false;

    /** From now on, counts the statements of the requests this selects; forgets what was counted. */
    public static void countRequests(Predicate<HttpServletRequest> requests) {
        counted = requests;
        EXECUTED.clear();
    }

    /** Forgets what was counted so far. */
    public static void clear() {
        EXECUTED.clear();
    }

    /** The counted statements in order, whitespace collapsed; a JDBC batch shows as {@code [batch] sql}. */
    public static List<String> executed() {
        return new ArrayList<>(EXECUTED);
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    OncePerRequestFilter markCountedRequests() {
        return new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                IN_REQUEST.set(counted.test(request));
                try {
                    chain.doFilter(request, response);
                } finally {
                    IN_REQUEST.set(false);
                }
            }
        };
    }

    @Bean
    static BeanPostProcessor countStatements() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof DataSource ds && !(bean instanceof CountingDataSource)) {
                    return new CountingDataSource(ds);
                }
                return bean;
            }
        };
    }

    private static void record(String what) {
        if (IN_REQUEST.get()) {
            EXECUTED.add(what.replaceAll("\\s+", " ").trim());
        }
    }

    static final class CountingDataSource extends DelegatingDataSource {

        CountingDataSource(DataSource target) {
            super(target);
        }

        @Override
        public Connection getConnection() throws SQLException {
            return connection(super.getConnection());
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return connection(super.getConnection(user, password));
        }

        private static Connection connection(Connection target) {
            return (Connection) Proxy.newProxyInstance(
                    Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        Object result = invoke(target, method, args);
                        String name = method.getName();
                        if (name.equals("commit") || name.equals("rollback")) {
                            record(name.toUpperCase());
                        } else if (result instanceof Statement statement
                                && args != null
                                && args.length > 0
                                && args[0] instanceof String sql) {
                            return statement(statement, sql);
                        } else if (result instanceof Statement statement) {
                            return statement(statement, null);
                        }
                        return result;
                    });
        }

        private static Statement statement(Statement target, String preparedSql) {
            Class<?> type = target instanceof CallableStatement
                    ? CallableStatement.class
                    : target instanceof PreparedStatement ? PreparedStatement.class : Statement.class;
            InvocationHandler handler = (proxy, method, args) -> {
                String name = method.getName();
                if (name.startsWith("execute")) {
                    String sql = args != null && args.length > 0 && args[0] instanceof String s ? s : preparedSql;
                    record((name.equals("executeBatch") ? "[batch] " : "") + sql);
                }
                return invoke(target, method, args);
            };
            return (Statement) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler);
        }

        private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
