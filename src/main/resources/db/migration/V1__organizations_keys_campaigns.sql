-- Runs unchanged on PostgreSQL and on H2 in PostgreSQL mode: portable types only
-- (VARCHAR without length for JSON text, TIMESTAMP WITH TIME ZONE, BOOLEAN, BIGINT).

CREATE TABLE organizations (
    id         VARCHAR(40)              PRIMARY KEY,
    name       VARCHAR(200)             NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE api_keys (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    name            VARCHAR(200),
    prefix          VARCHAR(20)              NOT NULL,
    key_hash        VARCHAR(64)              NOT NULL,
    scopes          VARCHAR(200)             NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at      TIMESTAMP WITH TIME ZONE
);
CREATE UNIQUE INDEX api_keys_hash ON api_keys (key_hash);
CREATE INDEX api_keys_organization ON api_keys (organization_id, id);

CREATE TABLE campaigns (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    name            VARCHAR(200)             NOT NULL,
    campaign_type   VARCHAR(20)              NOT NULL,
    status          VARCHAR(20)              NOT NULL,
    campaign_data   VARCHAR                  NOT NULL,
    metadata        VARCHAR                  NOT NULL,
    start_date      DATE,
    end_date        DATE,
    event_starts_at TIMESTAMP WITH TIME ZONE,
    event_ends_at   TIMESTAMP WITH TIME ZONE,
    provider_types  VARCHAR(100)             NOT NULL,
    has_recipients  BOOLEAN                  NOT NULL DEFAULT FALSE,
    content_version BIGINT                   NOT NULL DEFAULT 1,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    deleted_at      TIMESTAMP WITH TIME ZONE
);
-- Lists are per organization, newest first (ids are time-ordered).
CREATE INDEX campaigns_organization ON campaigns (organization_id, id);
-- The auto-completion job looks for active campaigns whose event has ended.
CREATE INDEX campaigns_completion ON campaigns (status, event_ends_at);

-- db-scheduler's table (its PostgreSQL schema, with VARCHAR keys so H2 can index them).
CREATE TABLE scheduled_tasks (
    task_name            VARCHAR(100)             NOT NULL,
    task_instance        VARCHAR(200)             NOT NULL,
    task_data            BYTEA,
    execution_time       TIMESTAMP WITH TIME ZONE NOT NULL,
    picked               BOOLEAN                  NOT NULL,
    picked_by            VARCHAR(100),
    last_success         TIMESTAMP WITH TIME ZONE,
    last_failure         TIMESTAMP WITH TIME ZONE,
    consecutive_failures INT,
    last_heartbeat       TIMESTAMP WITH TIME ZONE,
    version              BIGINT                   NOT NULL,
    priority             SMALLINT,
    PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX scheduled_tasks_execution_time ON scheduled_tasks (execution_time);
CREATE INDEX scheduled_tasks_last_heartbeat ON scheduled_tasks (last_heartbeat);
CREATE INDEX scheduled_tasks_priority_execution_time ON scheduled_tasks (priority DESC, execution_time ASC);
