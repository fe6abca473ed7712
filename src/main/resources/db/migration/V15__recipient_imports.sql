-- CSV imports of recipients. Portable between PostgreSQL and H2.
-- The request body is staged row by row (recipient_import_rows) in committed batches while it is
-- received; a durable job then adds the staged rows in batches, deleting each batch's rows in the
-- transaction that adds its recipients, so a crash repeats at most the batch in flight.

CREATE TABLE recipient_imports (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    campaign_id     VARCHAR(40)              NOT NULL,
    status          VARCHAR(20)              NOT NULL,
    upsert          BOOLEAN                  NOT NULL,
    send_email      BOOLEAN                  NOT NULL,
    rows_total      BIGINT                   NOT NULL DEFAULT 0,
    rows_done       BIGINT                   NOT NULL DEFAULT 0,
    created         BIGINT                   NOT NULL DEFAULT 0,
    updated         BIGINT                   NOT NULL DEFAULT 0,
    failed          BIGINT                   NOT NULL DEFAULT 0,
    -- why the import as a whole failed (the rows' own problems are in recipient_import_errors)
    failure         VARCHAR(1000),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    completed_at    TIMESTAMP WITH TIME ZONE
);
CREATE INDEX recipient_imports_campaign ON recipient_imports (organization_id, campaign_id, id);

-- One data row of the file, already checked field by field: either the recipient's values or,
-- in problems, why the row cannot be added (a JSON list of {field, message}).
CREATE TABLE recipient_import_rows (
    import_id      VARCHAR(40) NOT NULL,
    line_number    BIGINT      NOT NULL,
    email          VARCHAR(254),
    name           VARCHAR(200),
    phone          VARCHAR(20),
    external_id    VARCHAR(200),
    recipient_data VARCHAR,
    problems       VARCHAR,
    PRIMARY KEY (import_id, line_number)
);

-- The first 1,000 problems of an import, by line.
CREATE TABLE recipient_import_errors (
    import_id   VARCHAR(40)  NOT NULL,
    seq         INTEGER      NOT NULL,
    line_number BIGINT       NOT NULL,
    field       VARCHAR(300),
    code        VARCHAR(40)  NOT NULL,
    message     VARCHAR(1000) NOT NULL,
    PRIMARY KEY (import_id, seq)
);

-- Lookups by a list of values (IN) with the listed column first: H2 uses an index for an IN list
-- only on its first column, and would otherwise scan every recipient of the campaign per lookup,
-- which made large imports quadratic. Upserts find recipients by external id, duplicate checks by
-- email.
CREATE INDEX recipients_external_id ON recipients (external_id, campaign_id);
CREATE INDEX recipients_live_email_lookup ON recipients (live_email);
