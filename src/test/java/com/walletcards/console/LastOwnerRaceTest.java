package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.support.DatabaseTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Two owners demoting each other at the same moment: the organization keeps an owner, on H2 and PostgreSQL. */
@DatabaseTest
class LastOwnerRaceTest {

    @Autowired
    AccessManagement access;

    @Autowired
    ConsoleUsers users;

    @Test
    void twoOwnersDemotingEachOtherAtOnceLeaveOneOwner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                Organization org = access.createOrganization("Race " + System.nanoTime());
                String first = users.add(org.id(), ConsoleUsersForTests.email("first"), "First", Role.owner)
                        .user()
                        .id();
                String second = users.add(org.id(), ConsoleUsersForTests.email("second"), "Second", Role.owner)
                        .user()
                        .id();
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Boolean>> demotions = new ArrayList<>();
                for (String id : List.of(first, second)) {
                    demotions.add(pool.submit(() -> {
                        start.await();
                        try {
                            users.changeRole(org.id(), id, Role.editor);
                            return true;
                        } catch (ConsoleUsers.LastOwner refused) {
                            return false;
                        }
                    }));
                }
                start.countDown();
                int done = 0;
                for (Future<Boolean> demotion : demotions) {
                    done += demotion.get() ? 1 : 0;
                }

                assertThat(done).as("round " + round).isEqualTo(1);
                assertThat(users.of(org.id()))
                        .filteredOn(u -> u.role() == Role.owner)
                        .hasSize(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
