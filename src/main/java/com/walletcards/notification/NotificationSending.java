package com.walletcards.notification;

import com.github.kagkarlsson.scheduler.task.FailureHandler.MaxRetriesFailureHandler;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.walletcards.shared.Jobs;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The durable job that delivers one notification: one execution per notification (the instance
 * id is the notification id), scheduled in the transaction that stored it, at once for an
 * immediate one and at {@code scheduledFor} for a scheduled one. db-scheduler picks each
 * execution on exactly one instance, runs executions that fell due while no instance was up as
 * soon as one starts, and revives executions of a crashed instance; the fan-out resumes from its
 * cursor. Errors retry with exponential backoff (1 s, 2 s, 4 s, ...); after the last retry, about
 * an hour later, the notification ends as failed.
 */
@Configuration(proxyBeanMethods = false)
class NotificationSending {

    static final TaskDescriptor<Void> TASK = TaskDescriptor.of("notification-delivery");
    static final int MAX_RETRIES = 12;

    @Bean
    OneTimeTask<Void> notificationDeliveryTask(NotificationDelivery delivery, NotificationFanOut fanOut, Jobs jobs) {
        return Tasks.oneTime(TASK)
                .onFailure(new MaxRetriesFailureHandler<>(
                        MAX_RETRIES,
                        jobs.retryDoubling(Duration.ofSeconds(1)),
                        (complete, operations) -> delivery.giveUp(
                                complete.getExecution().taskInstance.getId())))
                .execute((instance, context) -> fanOut.deliverAll(instance.getId()));
    }
}
