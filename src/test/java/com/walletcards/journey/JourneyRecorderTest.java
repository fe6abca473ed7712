package com.walletcards.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.walletcards.holder.CardPageOpened;
import com.walletcards.shared.DeviceClass;
import com.walletcards.shared.OrganizationId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.SimpleTransactionStatus;

class JourneyRecorderTest {

    /** A database that is gone: every statement fails. */
    private static final class FailingFacts extends JourneyFacts {
        FailingFacts() {
            super(null, null);
        }

        @Override
        void append(List<Fact> facts) {
            throw new DataAccessResourceFailureException("connection refused");
        }
    }

    private static final class NoTransactions implements PlatformTransactionManager {
        @Override
        public TransactionStatus getTransaction(TransactionDefinition definition) {
            return new SimpleTransactionStatus();
        }

        @Override
        public void commit(TransactionStatus status) {}

        @Override
        public void rollback(TransactionStatus status) {}
    }

    @Test
    void aFactThatCannotBeRecordedIsCountedAndNeverFailsThePageThatPublishedIt() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        JourneyRecorder recorder = new JourneyRecorder(null, new FailingFacts(), new NoTransactions(), registry, true);

        assertThatCode(() -> recorder.on(new CardPageOpened(
                        new OrganizationId("org_1"), "crd_1", "rcp_1", "cmp_1", DeviceClass.ios, Instant.now())))
                .doesNotThrowAnyException();

        assertThat(registry.get("wallet.journey.record.failures").counter().count())
                .isEqualTo(1.0);
    }
}
