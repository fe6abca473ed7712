package com.walletcards.recipient;

import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The durable job that issues cards: one execution per add request (single or bulk), scheduled
 * in the transaction that stored the recipients, so an accepted recipient always gets its card,
 * also after a crash. Failures retry with exponential backoff from one second.
 */
@Configuration(proxyBeanMethods = false)
class CardGeneration {

    static final TaskDescriptor<Void> TASK = TaskDescriptor.of("card-generation");

    @Bean
    OneTimeTask<Void> cardGenerationTask(CardIssuing issuing, Invitations invitations) {
        return Tasks.oneTime(TASK)
                .onFailure(new FailureHandler.ExponentialBackoffFailureHandler<>(Duration.ofSeconds(1), 2.0))
                .execute((instance, context) -> {
                    CardIssuing.Chunk chunk;
                    do {
                        chunk = issuing.issueChunk(instance.getId());
                        chunk.emails().forEach(e -> invitations.send(e, InviteEmail.DEFAULT));
                    } while (chunk.size() == CardIssuing.CHUNK);
                });
    }
}
