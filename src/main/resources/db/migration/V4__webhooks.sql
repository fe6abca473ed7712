-- Webhooks: subscriptions, the outbox of events, one delivery per event and subscription, and
-- the log of every delivery attempt. Portable types only, so it runs on PostgreSQL and on H2 in
-- PostgreSQL mode (VARCHAR without length for JSON and ciphertext, TIMESTAMP WITH TIME ZONE).

CREATE TABLE webhooks (
    id                         VARCHAR(40)              PRIMARY KEY,
    organization_id            VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    url                        VARCHAR(2048)            NOT NULL,
    -- Subscribed event types, space-separated (the list is short and always read whole).
    events                     VARCHAR(1000)            NOT NULL,
    description                VARCHAR(500),
    enabled                    BOOLEAN                  NOT NULL,
    disabled_reason            VARCHAR(500),
    -- The signing secret, encrypted (Tink AEAD, base64); never stored in clear.
    secret                     VARCHAR                  NOT NULL,
    -- After a rotation the previous secret keeps signing until previous_secret_expires_at.
    previous_secret            VARCHAR,
    previous_secret_expires_at TIMESTAMP WITH TIME ZONE,
    -- Start of the current run of failed attempts; NULL after any success.
    failing_since              TIMESTAMP WITH TIME ZONE,
    created_at                 TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at                 TIMESTAMP WITH TIME ZONE NOT NULL,
    deleted_at                 TIMESTAMP WITH TIME ZONE
);
-- Lists are per organization, newest first; the outbox reads an organization's subscriptions.
CREATE INDEX webhooks_organization ON webhooks (organization_id, id);

-- One row per event that at least one subscription wanted; payload is the exact body sent.
CREATE TABLE webhook_events (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    type            VARCHAR(100)             NOT NULL,
    payload         VARCHAR                  NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX webhook_events_organization ON webhook_events (organization_id, id);

-- One row per (event, subscription). next_attempt_at is NULL once the delivery is finished.
CREATE TABLE webhook_deliveries (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    webhook_id      VARCHAR(40)              NOT NULL REFERENCES webhooks (id),
    event_id        VARCHAR(40)              NOT NULL REFERENCES webhook_events (id),
    status          VARCHAR(20)              NOT NULL,
    attempts        INT                      NOT NULL DEFAULT 0,
    -- Incremented by every claim; a worker only records its result while its claim is current.
    claims          BIGINT                   NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP WITH TIME ZONE,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX webhook_deliveries_organization ON webhook_deliveries (organization_id, webhook_id, id);
-- The delivery workers serve every organization, so their lookup of due deliveries is the one
-- index not led by organization_id (finished deliveries have a NULL and never match).
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at);

-- Every attempt, successful or not.
CREATE TABLE webhook_attempts (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    webhook_id      VARCHAR(40)              NOT NULL REFERENCES webhooks (id),
    delivery_id     VARCHAR(40)              NOT NULL REFERENCES webhook_deliveries (id),
    event_id        VARCHAR(40)              NOT NULL,
    event_type      VARCHAR(100)             NOT NULL,
    attempt         INT                      NOT NULL,
    succeeded       BOOLEAN                  NOT NULL,
    status_code     INT,
    error           VARCHAR(500),
    response_body   VARCHAR(1000),
    duration_ms     BIGINT                   NOT NULL,
    attempted_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
-- The delivery log of one subscription, newest first.
CREATE INDEX webhook_attempts_webhook ON webhook_attempts (organization_id, webhook_id, id);
