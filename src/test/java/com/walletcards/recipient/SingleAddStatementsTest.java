package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
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
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * What one single add costs the database: the statements its HTTP request executes (each JDBC
 * execute or batch, plus the commit), recorded by a counting data source around the pool.
 */
@DatabaseTest
@Import(SingleAddStatementsTest.Counting.class)
class SingleAddStatementsTest {

    /** Bounded: the add itself, its history, its card request and the request's own bookkeeping. */
    static final int MAX_STATEMENTS = 12;

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    @Test
    void aSingleAddExecutesABoundedNumberOfStatementsAndLeavesItsMarkedCampaignAlone() {
        String c = flows.campaign();
        flows.recipient(c); // the campaign's first recipient also marks it as having recipients
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Counting.EXECUTED.clear();
            flows.recipient(c);
            List<String> executed = new ArrayList<>(Counting.EXECUTED);
            counts.add(executed.size());
            // Once the campaign is marked as having recipients, an add reads it and writes nothing to it.
            assertThat(executed).noneMatch(sql -> sql.contains("UPDATE campaigns"));
            if (i == 9) {
                System.out.println("statements of one single add (" + executed.size() + "):");
                executed.forEach(sql -> System.out.println("  " + sql));
            }
        }
        System.out.println("statements per single add, 10 adds in a row: " + counts);
        assertThat(counts).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(MAX_STATEMENTS));
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Counting {

        static final ConcurrentLinkedQueue<String> EXECUTED = new ConcurrentLinkedQueue<>();
        private static final ThreadLocal<Boolean> IN_REQUEST = ThreadLocal.withInitial(() -> false);

        @Bean
        @Order(Ordered.HIGHEST_PRECEDENCE)
        OncePerRequestFilter markRequestThread() {
            return new OncePerRequestFilter() {
                @Override
                protected void doFilterInternal(
                        HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                        throws ServletException, IOException {
                    boolean add = request.getMethod().equals("POST")
                            && request.getRequestURI().endsWith("/recipients");
                    IN_REQUEST.set(add);
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

        static void record(String what) {
            if (IN_REQUEST.get()) {
                EXECUTED.add(what.replaceAll("\\s+", " ").trim());
            }
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
                            Counting.record(name.toUpperCase());
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
                    Counting.record((name.equals("executeBatch") ? "[batch] " : "") + sql);
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
