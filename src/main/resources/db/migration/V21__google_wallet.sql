-- Google Wallet (provider beta in mode google, docs/adr/0013-google-wallet.md). Portable between
-- PostgreSQL and H2. What this service knows of its classes and objects at Google: which exist
-- (cards never opened have none, and cost no call), the newest content sent (so that unchanged
-- content is not sent again and older content never follows newer), and the messages added.

CREATE TABLE google_wallet_classes (
    class_id         VARCHAR(120)             PRIMARY KEY,
    campaign_id      VARCHAR(40)              NOT NULL,
    vertical         VARCHAR(20)              NOT NULL,
    campaign_version BIGINT                   NOT NULL,
    body_hash        VARCHAR(64)              NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE google_wallet_objects (
    object_id       VARCHAR(100)             PRIMARY KEY,
    wallet_card_id  VARCHAR(40)              NOT NULL,
    class_id        VARCHAR(120)             NOT NULL REFERENCES google_wallet_classes (class_id),
    vertical        VARCHAR(20)              NOT NULL,
    content_version BIGINT                   NOT NULL,
    body_hash       VARCHAR(64)              NOT NULL,
    inactive        BOOLEAN                  NOT NULL DEFAULT FALSE,
    -- Google's answer to the last call that failed for good (400, 403), for operators
    last_error      VARCHAR(500),
    -- Google's hasUsers, read by the reconciliation for objects whose callbacks never came
    has_users       BOOLEAN,
    checked_at      TIMESTAMP WITH TIME ZONE,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX google_wallet_objects_class ON google_wallet_objects (class_id);

-- One class-level message per notification, whichever batch of its cards comes first.
CREATE TABLE google_wallet_messages (
    class_id   VARCHAR(120)             NOT NULL REFERENCES google_wallet_classes (class_id),
    message_id VARCHAR(100)             NOT NULL,
    notified   BOOLEAN                  NOT NULL,
    outcome    VARCHAR(500),
    added_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (class_id, message_id)
);
