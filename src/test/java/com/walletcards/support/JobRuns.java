package com.walletcards.support;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.SchedulerState;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Runs a job's execution by hand, beside the job engine, the way a revived duplicate runs: the
 * job's own handler with its own instance id, several times at once or one after the other. The
 * engine is paused meanwhile, so that the execution it holds waits for {@link #resume()} and runs
 * once more then.
 */
public final class JobRuns {

    private final ApplicationContext context;
    private final JdbcTemplate jdbc;

    public JobRuns(ApplicationContext context) {
        this.context = context;
        this.jdbc = context.getBean(JdbcTemplate.class);
    }

    /** The engine takes no more work until {@link #resume()}; what it runs already finishes. */
    public void pause() {
        context.getBean(Scheduler.class).pause();
    }

    public void resume() {
        context.getBean(Scheduler.class).resume();
    }

    /** Instance ids of the executions of {@code task} in {@code scheduled_tasks}, in id order. */
    public List<String> executions(String task) {
        return jdbc.queryForList(
                "SELECT task_instance FROM scheduled_tasks WHERE task_name = ? ORDER BY task_instance",
                String.class,
                task);
    }

    /**
     * Runs the execution {@code instance} of {@code task} {@code times} times at once, each on a
     * thread of its own, started together. Answers the failures: a duplicate may fail (a key that
     * exists, a lease another run holds), which the engine would retry; it must never change the
     * data twice.
     */
    public List<Throwable> runAtOnce(String task, String instance, int times) {
        ExecutorService threads = Executors.newFixedThreadPool(times);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            for (int i = 0; i < times; i++) {
                runs.add(CompletableFuture.runAsync(
                        () -> {
                            try {
                                start.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                throw new IllegalStateException(e);
                            }
                            run(task, instance);
                        },
                        threads));
            }
            start.countDown();
            List<Throwable> failures = new ArrayList<>();
            for (CompletableFuture<Void> run : runs) {
                try {
                    run.join();
                } catch (CompletionException e) {
                    failures.add(e.getCause());
                }
            }
            return failures;
        } finally {
            threads.shutdown();
        }
    }

    /** Runs every execution of {@code task} there is now {@code times} times at once. */
    public List<Throwable> runAllAtOnce(String task, int times) {
        List<Throwable> failures = new ArrayList<>();
        executions(task).forEach(instance -> failures.addAll(runAtOnce(task, instance, times)));
        return failures;
    }

    /** Runs the execution once on this thread, its completion ignored: the engine's row stays. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void run(String task, String instance) {
        Task handler = context.getBeansOfType(Task.class).values().stream()
                .filter(t -> t.getName().equals(task))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No task " + task));
        TaskInstance taskInstance = handler.instance(instance);
        ExecutionContext execution = new ExecutionContext(
                new SchedulerState.SettableSchedulerState(),
                new Execution(Instant.now(), taskInstance),
                context.getBean(SchedulerClient.class),
                null);
        handler.execute(taskInstance, execution);
    }
}
