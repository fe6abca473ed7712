package com.walletcards.issuance;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.CustomTask;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.walletcards.shared.Jobs;
import java.time.Duration;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The durable jobs that issue cards, scheduled in the transaction that stored the recipients, so
 * an accepted recipient always gets its card, also after a crash. Failures retry with
 * exponential backoff from one second.
 *
 * <ul>
 *   <li>{@code card-generation}, instance {@code <card batch>}: one execution per bulk add or
 *       import batch, for the recipients it stored.
 *   <li>{@code single-card-generation}, instance {@code <campaign id>/<run id>} (a {@link
 *       com.walletcards.shared.RunId}): one run per campaign at a time for all its single adds
 *       ({@link SingleAddCards}).
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class CardGeneration {

    static final TaskDescriptor<Void> TASK = TaskDescriptor.of("card-generation");
    static final TaskDescriptor<Void> SINGLES = TaskDescriptor.of("single-card-generation");

    @Bean
    OneTimeTask<Void> cardGenerationTask(CardIssuing issuing, Invitations invitations, Jobs jobs) {
        return Tasks.oneTime(TASK)
                .onFailure(jobs.retryDoubling(Duration.ofSeconds(1)))
                .execute((instance, context) -> {
                    CardIssuing.Chunk chunk;
                    do {
                        chunk = issuing.issueChunk(instance.getId());
                        chunk.emails().forEach(e -> invitations.send(e, InviteEmail.DEFAULT));
                    } while (chunk.size() == CardIssuing.CHUNK);
                });
    }

    @Bean
    CustomTask<Void> singleCardGenerationTask(SingleAddCards singles, Jobs jobs) {
        return Tasks.custom(SINGLES)
                .onFailure(jobs.retryDoubling(Duration.ofSeconds(1)))
                .onDeadExecutionRevive()
                .execute((instance, context) -> {
                    Optional<Duration> again = singles.advance(instance.getId(), context.getSchedulerState());
                    if (again.isEmpty()) {
                        return new CompletionHandler.OnCompleteRemove<>();
                    }
                    return jobs.rescheduleIn(again.get());
                });
    }
}
