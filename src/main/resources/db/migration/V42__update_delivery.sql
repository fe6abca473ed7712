-- Update delivery: which content versions reached which cards (docs/update-delivery.md,
-- docs/adr/0029-update-delivery.md).
--
-- One row per content version of a campaign: a campaign content change, one recipient's content
-- change or a revocation, numbered per campaign in the order they were recorded.
CREATE TABLE content_versions (
    campaign_id     VARCHAR(40)              NOT NULL,
    version         BIGINT                   NOT NULL,
    organization_id VARCHAR(40)              NOT NULL,
    kind            VARCHAR(12)              NOT NULL, -- campaign | recipient | revocation
    wallet_card_id  VARCHAR(40),                       -- the one card of a recipient change or revocation
    changed         VARCHAR(2000)            NOT NULL, -- field names, comma-separated
    at              TIMESTAMP WITH TIME ZONE NOT NULL,
    -- set when the version's first delivery was recorded: the list shows only versions that reached cards
    reached         BOOLEAN                  NOT NULL,
    PRIMARY KEY (campaign_id, version)
);
CREATE INDEX content_versions_reached ON content_versions (campaign_id, reached, version);

-- The last version number given out per campaign; its row lock orders concurrent changes.
CREATE TABLE content_version_heads (
    campaign_id VARCHAR(40) PRIMARY KEY,
    last        BIGINT      NOT NULL
);

-- One row per version, card, provider and target: a device (Apple) or the provider object itself
-- (target '-'). state: pending | delivered | failed | stale. `asked`: the device asked for its
-- changed passes after the push, so a fetch of the pass counts for it.
CREATE TABLE update_deliveries (
    wallet_card_id  VARCHAR(40)              NOT NULL,
    provider        VARCHAR(20)              NOT NULL,
    target          VARCHAR(200)             NOT NULL,
    campaign_id     VARCHAR(40)              NOT NULL,
    version         BIGINT                   NOT NULL,
    card_version    BIGINT                   NOT NULL, -- the card's content version the push carried
    state           VARCHAR(10)              NOT NULL,
    asked           BOOLEAN                  NOT NULL,
    pushed_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    done_at         TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (wallet_card_id, provider, target, version)
);
CREATE INDEX update_deliveries_waiting ON update_deliveries (state, pushed_at);
-- settled facts are forgotten after wallet.updates.fact-retention (the counters keep the numbers)
CREATE INDEX update_deliveries_done ON update_deliveries (done_at);

-- Counters per version and provider, changed in the transaction of every delivery fact, so that
-- the list of updates reads a few rows per version at any campaign size (as recipient_counts).
CREATE TABLE update_delivery_counts (
    campaign_id VARCHAR(40) NOT NULL,
    version     BIGINT      NOT NULL,
    provider    VARCHAR(20) NOT NULL,
    target      BIGINT      NOT NULL,
    delivered   BIGINT      NOT NULL,
    pending     BIGINT      NOT NULL,
    failed      BIGINT      NOT NULL,
    stale       BIGINT      NOT NULL,
    PRIMARY KEY (campaign_id, version, provider)
);
