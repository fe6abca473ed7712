package com.walletcards.recipient.imports;

import com.github.kagkarlsson.scheduler.task.Priority;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Jobs;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DuplicateKeyException;

/**
 * The durable job that adds an import's staged rows, one execution per import (instance id = the
 * import id). It is scheduled with the import, due when the upload would time out, and moved to
 * "now" when the upload ends; so an upload whose instance died is cleaned up too. A dead
 * execution is revived by any instance and continues after the last committed batch.
 */
@Configuration(proxyBeanMethods = false)
class ImportJob {

    static final TaskDescriptor<Void> TASK = TaskDescriptor.of("recipient-import");

    /**
     * The priority of the job while its file is still arriving (its size unknown): that of large
     * work. Once the file is in, a small one's job is scheduled anew at its own.
     */
    static final int RECEIVING_PRIORITY = Priority.MEDIUM;

    @Bean
    OneTimeTask<Void> recipientImportTask(ImportRun run, Jobs jobs) {
        return Tasks.oneTime(TASK)
                .onFailure(jobs.retryDoubling(Duration.ofSeconds(1)))
                .execute((instance, context) -> {
                    String importId = instance.getId();
                    try {
                        while (step(run, importId)) {
                            if (context.getSchedulerState().isShuttingDown()) {
                                // Failing hands the rest to the retry, here after a restart or on another instance.
                                throw new ImportInterrupted(importId);
                            }
                        }
                    } catch (ApiException refused) {
                        // The campaign was deleted, archived or completed meanwhile: no later batch could succeed.
                        run.fail(importId, refused.getMessage());
                    }
                });
    }

    /** The instance stops during an import; the import continues from its last committed batch. */
    static final class ImportInterrupted extends RuntimeException {
        ImportInterrupted(String importId) {
            super("import " + importId + " continues after the shutdown", null, false, false);
        }
    }

    private static boolean step(ImportRun run, String importId) {
        try {
            return run.step(importId);
        } catch (DuplicateKeyException raced) {
            // A parallel add took one of the batch's emails between the check and the insert; the
            // batch rolled back as a whole, and its second run sees the address as taken.
            return run.step(importId);
        }
    }
}
