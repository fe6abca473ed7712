-- Due jobs are now taken by priority (db-scheduler.priority-enabled): jobs scheduled before this
-- version have none. Propagation (runs and batches) is low (10), everything else medium (50), as
-- the service schedules them from now on.
UPDATE scheduled_tasks SET priority = 10
WHERE priority IS NULL AND task_name IN ('card-propagation', 'card-propagation-batch');
UPDATE scheduled_tasks SET priority = 50 WHERE priority IS NULL;
