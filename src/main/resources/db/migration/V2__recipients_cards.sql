-- Recipients, wallet cards, provider objects and callbacks. Portable between PostgreSQL and H2.

CREATE TABLE recipients (
    id                 VARCHAR(40)              PRIMARY KEY,
    organization_id    VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    campaign_id        VARCHAR(40)              NOT NULL REFERENCES campaigns (id),
    email              VARCHAR(254)             NOT NULL,
    -- lower(email) while the recipient is live, NULL once deleted: a unique index over it keeps
    -- one live recipient per address and campaign (NULLs never collide) without a partial index.
    live_email         VARCHAR(254),
    name               VARCHAR(200),
    phone              VARCHAR(20),
    external_id        VARCHAR(200),
    recipient_data     VARCHAR                  NOT NULL,
    provider_types     VARCHAR(100),
    status             VARCHAR(20)              NOT NULL,
    wallet_card_id     VARCHAR(40),
    wallet_card_status VARCHAR(20),
    -- the card-generation job that issues this recipient's card
    card_batch         VARCHAR(60),
    invite_on_create   BOOLEAN                  NOT NULL DEFAULT FALSE,
    content_version    BIGINT                   NOT NULL DEFAULT 1,
    created_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    deleted_at         TIMESTAMP WITH TIME ZONE
);
CREATE UNIQUE INDEX recipients_live_email ON recipients (campaign_id, live_email);
CREATE INDEX recipients_campaign ON recipients (organization_id, campaign_id, id);
CREATE INDEX recipients_campaign_status ON recipients (campaign_id, status, id);
CREATE INDEX recipients_card_batch ON recipients (card_batch);
CREATE INDEX recipients_wallet_card ON recipients (wallet_card_id);

CREATE TABLE recipient_history (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL,
    recipient_id    VARCHAR(40)              NOT NULL,
    status          VARCHAR(20)              NOT NULL,
    reason          VARCHAR(200),
    at              TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX recipient_history_recipient ON recipient_history (recipient_id, id);

CREATE TABLE wallet_cards (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    campaign_id     VARCHAR(40)              NOT NULL,
    recipient_id    VARCHAR(40)              NOT NULL,
    lifecycle       VARCHAR(20)              NOT NULL,
    final_status    VARCHAR(20),
    status          VARCHAR(20)              NOT NULL,
    download_code   VARCHAR(64)              NOT NULL,
    barcode_value   VARCHAR(256)             NOT NULL,
    content_version BIGINT                   NOT NULL DEFAULT 0,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
-- One card per recipient, whatever retries or races happen.
CREATE UNIQUE INDEX wallet_cards_recipient ON wallet_cards (recipient_id);
CREATE UNIQUE INDEX wallet_cards_download_code ON wallet_cards (download_code);
CREATE INDEX wallet_cards_campaign_status ON wallet_cards (organization_id, campaign_id, status, id);

CREATE TABLE provider_objects (
    wallet_card_id  VARCHAR(40)              NOT NULL,
    provider        VARCHAR(10)              NOT NULL,
    organization_id VARCHAR(40)              NOT NULL,
    object_ref      VARCHAR(100)             NOT NULL,
    installed       BOOLEAN                  NOT NULL DEFAULT FALSE,
    ever_installed  BOOLEAN                  NOT NULL DEFAULT FALSE,
    voided          BOOLEAN                  NOT NULL DEFAULT FALSE,
    last_event_at   TIMESTAMP WITH TIME ZONE,
    content_version BIGINT                   NOT NULL DEFAULT 0,
    last_error      VARCHAR(500),
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (wallet_card_id, provider)
);

-- Every callback received, once per provider and event id (the primary key makes them idempotent).
CREATE TABLE provider_events (
    provider        VARCHAR(10)              NOT NULL,
    event_id        VARCHAR(100)             NOT NULL,
    wallet_card_id  VARCHAR(40)              NOT NULL,
    organization_id VARCHAR(40)              NOT NULL,
    event           VARCHAR(20)              NOT NULL,
    occurred_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    received_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    applied         BOOLEAN                  NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- What the built-in local providers hold, as a real wallet would.
CREATE TABLE local_wallet_objects (
    provider        VARCHAR(10)              NOT NULL,
    object_ref      VARCHAR(100)             NOT NULL,
    wallet_card_id  VARCHAR(40)              NOT NULL,
    content_version BIGINT                   NOT NULL,
    voided          BOOLEAN                  NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (provider, object_ref)
);
CREATE INDEX local_wallet_objects_card ON local_wallet_objects (wallet_card_id);

CREATE TABLE local_wallet_messages (
    id              VARCHAR(40)              PRIMARY KEY,
    provider        VARCHAR(10)              NOT NULL,
    object_ref      VARCHAR(100)             NOT NULL,
    wallet_card_id  VARCHAR(40)              NOT NULL,
    notification_id VARCHAR(40)              NOT NULL,
    header          VARCHAR(100)             NOT NULL,
    body            VARCHAR(500)             NOT NULL,
    delivered_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX local_wallet_messages_notification ON local_wallet_messages (notification_id);
