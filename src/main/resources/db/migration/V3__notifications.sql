-- Push notifications and their per-card deliveries. Portable between PostgreSQL and H2.
-- No CHECK constraints: H2 2.4.240 binds a CHECK expression to the session that created it, so once the
-- migration's connection is closed (pool eviction, a restart of the context on the same
-- in-memory database) every insert fails with "Check constraint invalid". The aggregate's enums
-- guard the values instead.

CREATE TABLE notifications (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    campaign_id     VARCHAR(40)              NOT NULL REFERENCES campaigns (id),
    kind            VARCHAR(20)              NOT NULL, -- immediate, scheduled
    status          VARCHAR(20)              NOT NULL, -- pending, sending, sent, failed, cancelled
    header          VARCHAR(100)             NOT NULL,
    body            VARCHAR(500)             NOT NULL,
    -- NULL for immediate notifications
    scheduled_for   TIMESTAMP WITH TIME ZONE,
    targeted_cards  INT                      NOT NULL DEFAULT 0,
    delivered_cards INT                      NOT NULL DEFAULT 0,
    failed_cards    INT                      NOT NULL DEFAULT 0,
    -- keyset cursor of the fan-out: the last wallet card id already claimed
    last_card_id    VARCHAR(40),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    sent_at         TIMESTAMP WITH TIME ZONE,
    cancelled_at    TIMESTAMP WITH TIME ZONE
);
-- Lookups, the scheduled list and the per-campaign limit count all start with org and campaign.
CREATE INDEX notifications_campaign ON notifications (organization_id, campaign_id, kind, scheduled_for, id);

-- One row per card a notification was addressed to. The primary key makes a card's delivery
-- happen at most once, whatever retries the background job goes through.
CREATE TABLE notification_deliveries (
    notification_id VARCHAR(40)              NOT NULL REFERENCES notifications (id),
    wallet_card_id  VARCHAR(40)              NOT NULL,
    organization_id VARCHAR(40)              NOT NULL,
    -- claimed: about to be handed to the providers; delivered / failed: the outcome
    outcome         VARCHAR(20)              NOT NULL,
    error           VARCHAR(500),
    claimed_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    finished_at     TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (notification_id, wallet_card_id)
);
CREATE INDEX notification_deliveries_outcome ON notification_deliveries (notification_id, outcome);
