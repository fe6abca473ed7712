-- Idempotency keys (docs/idempotency.md): one row per organization and key. The primary key is
-- what lets exactly one of several parallel requests with the same key run. Portable types only.
CREATE TABLE idempotency_keys (
    organization_id     VARCHAR(40)              NOT NULL,
    idempotency_key     VARCHAR(255)             NOT NULL,
    -- SHA-256 (hex) of method, path with query, and body of the first request
    request_hash        VARCHAR(64)              NOT NULL,
    -- NULL while the first request is still running
    response_status     INT,
    response_type       VARCHAR(200),
    -- TEXT, not VARCHAR: H2 caps VARCHAR at 1 MB, and a bulk answer can be larger
    response_body       TEXT,
    -- the request id quoted in the stored body, answered again in X-Request-Id on a replay
    response_request_id VARCHAR(60),
    created_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    completed_at        TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (organization_id, idempotency_key)
);
-- The retention job deletes by age.
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
