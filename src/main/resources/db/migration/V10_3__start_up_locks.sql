-- Rows that instances lock (SELECT … FOR UPDATE) so that start-up work that must happen once per
-- database, such as creating the bootstrap organization and key, runs one instance at a time.
-- The rows exist from the migration on, so locking never races with creating them.
CREATE TABLE start_up_locks (
    name VARCHAR(40) PRIMARY KEY
);
INSERT INTO start_up_locks (name) VALUES ('bootstrap');
