package com.walletcards.card;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.Priority;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.CustomTask;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.walletcards.shared.CoalescedRuns;
import com.walletcards.shared.Jobs;
import java.time.Duration;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The durable jobs of live updates (db-scheduler, state in the service's database, so any
 * instance may run them and a crashed instance's executions are revived elsewhere):
 *
 * <ul>
 *   <li>{@code card-propagation}, instance {@code <campaign or card id>/<run id>} (a {@link
 *       com.walletcards.shared.RunId}): one run per scope at a time; for a card it pushes
 *       directly, for a campaign it fans out and waits.
 *   <li>{@code card-propagation-batch}, instance {@code <run id>/<requested>/<after>/<until>}:
 *       the active cards of one id range of a campaign.
 * </ul>
 *
 * Failures are retried with exponential backoff (capped); a batch whose provider keeps failing
 * records the error on the objects after {@code max-attempts} and ends.
 */
@Configuration(proxyBeanMethods = false)
class PropagationTasks {

    static final TaskDescriptor<Void> RUN = TaskDescriptor.of("card-propagation");
    static final TaskDescriptor<Void> BATCH = TaskDescriptor.of("card-propagation-batch");

    /**
     * Propagation updates cards that holders already have, and comes in floods: a campaign-wide
     * change fans out into many batches at once, and every card installed starts a run of its own.
     * Below every other job's (medium) priority, it never keeps a new recipient's card, a
     * provider call or a delivery waiting.
     */
    static final int PRIORITY = Priority.LOW;

    /** The runs that content changes coalesce into, one per scope: what requests and runs share. */
    @Bean
    CoalescedRuns<PropagationQueries.Change> contentChangeRuns(PropagationQueries queries) {
        return new CoalescedRuns<>("content changes", queries);
    }

    @Bean
    CustomTask<Void> cardPropagationTask(PropagationRuns propagation, CardProperties properties, Jobs jobs) {
        CardProperties.Propagation settings = properties.propagation();
        return Tasks.custom(RUN)
                .onFailure(new CappedBackoff<>(settings.retryDelay(), settings.maxRetryDelay(), jobs))
                .onDeadExecutionRevive()
                .execute((instance, context) -> {
                    Optional<Duration> again = propagation.advance(instance.getId(), finalAttempt(context, settings));
                    if (again.isEmpty()) {
                        return new CompletionHandler.OnCompleteRemove<>();
                    }
                    return jobs.rescheduleIn(again.get());
                });
    }

    @Bean
    OneTimeTask<Void> cardPropagationBatchTask(PropagationRuns propagation, CardProperties properties, Jobs jobs) {
        CardProperties.Propagation settings = properties.propagation();
        return Tasks.oneTime(BATCH)
                .onFailure(new CappedBackoff<>(settings.retryDelay(), settings.maxRetryDelay(), jobs))
                .onDeadExecutionRevive()
                .execute(
                        (instance, context) -> propagation.runBatch(instance.getId(), finalAttempt(context, settings)));
    }

    /** The last attempt records a provider that still fails instead of retrying it once more. */
    static boolean finalAttempt(ExecutionContext context, CardProperties.Propagation settings) {
        return context.getExecution().consecutiveFailures + 1 >= settings.maxAttempts();
    }

    /**
     * Exponential backoff from {@code first}, doubling per consecutive failure, never longer than
     * {@code max}; the retry runs when due, not at the job engine's first poll after that.
     */
    record CappedBackoff<T>(Duration first, Duration max, Jobs jobs) implements FailureHandler<T> {
        @Override
        public void onFailure(ExecutionComplete complete, ExecutionOperations<T> operations) {
            retryIn(delay(complete.getExecution().consecutiveFailures), complete, operations);
        }

        void retryIn(Duration delay, ExecutionComplete complete, ExecutionOperations<T> operations) {
            jobs.<T>rescheduleIn(delay).complete(complete, operations);
        }

        Duration delay(int consecutiveFailures) {
            return Jobs.doubled(first, max, consecutiveFailures);
        }
    }
}
