package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.StatementCounting;
import com.walletcards.support.Tenants;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * What one single add costs the database: the statements its HTTP request executes (each JDBC
 * execute or batch, plus the commit), recorded by {@link StatementCounting}.
 */
@DatabaseTest
@Import(StatementCounting.class)
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
        StatementCounting.countRequests(request ->
                request.getMethod().equals("POST") && request.getRequestURI().endsWith("/recipients"));
    }

    @Test
    void aSingleAddExecutesABoundedNumberOfStatementsAndLeavesItsMarkedCampaignAlone() {
        String c = flows.campaign();
        flows.recipient(c); // the campaign's first recipient also marks it as having recipients
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            StatementCounting.clear();
            flows.recipient(c);
            List<String> executed = StatementCounting.executed();
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
}
