package com.walletcards.card;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.walletcards.card.PropagationTasks.CappedBackoff;
import com.walletcards.shared.Jobs;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code provider-calls}, instance {@code <call batch>}: the provider calls of one card creation
 * or revocation (see {@link ProviderCalls}). Retried with the backoff of live updates, or later
 * when a rate-limited provider asked for a longer pause; after {@code max-attempts} the error
 * stays on the objects.
 */
@Configuration(proxyBeanMethods = false)
class ProviderCallTasks {

    static final TaskDescriptor<Void> CALLS = TaskDescriptor.of("provider-calls");

    @Bean
    OneTimeTask<Void> providerCallsTask(ProviderCalls calls, CardProperties properties, Jobs jobs) {
        CardProperties.Propagation settings = properties.propagation();
        CappedBackoff<Void> backoff = new CappedBackoff<>(settings.retryDelay(), settings.maxRetryDelay(), jobs);
        return Tasks.oneTime(CALLS)
                .onFailure(new AtLeastAsAsked(backoff))
                .onDeadExecutionRevive()
                .execute((instance, context) ->
                        calls.run(instance.getId(), PropagationTasks.finalAttempt(context, settings)));
    }

    /** The backoff, or the pause a rate-limited provider asked for when that is longer. */
    record AtLeastAsAsked(CappedBackoff<Void> backoff) implements FailureHandler<Void> {
        @Override
        public void onFailure(ExecutionComplete complete, ExecutionOperations<Void> operations) {
            Duration asked = complete.getCause()
                    .filter(ProviderCalls.CallsPending.class::isInstance)
                    .map(c -> ((ProviderCalls.CallsPending) c).notBefore())
                    .orElse(null);
            Duration doubled = backoff.delay(complete.getExecution().consecutiveFailures);
            Duration delay = asked != null && asked.compareTo(doubled) > 0 ? asked : doubled;
            backoff.retryIn(delay, complete, operations);
        }
    }
}
