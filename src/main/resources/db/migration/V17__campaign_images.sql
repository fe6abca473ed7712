-- Campaign images (contract §12) and what the holder page reads. Portable between PostgreSQL and H2.

-- One image per kind (icon, logo, strip, hero) and campaign, kept as uploaded: wallets fetch
-- images by URL, and the URL names the content (its SHA-256), so it can be cached for ever.
CREATE TABLE campaign_images (
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    campaign_id     VARCHAR(40)              NOT NULL REFERENCES campaigns (id),
    kind            VARCHAR(10)              NOT NULL,
    sha256          VARCHAR(64)              NOT NULL,
    width           INT                      NOT NULL,
    height          INT                      NOT NULL,
    content         BYTEA                    NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (campaign_id, kind)
);
CREATE INDEX campaign_images_organization ON campaign_images (organization_id, campaign_id);
-- The public image URL is content-addressed: served by hash.
CREATE INDEX campaign_images_sha256 ON campaign_images (sha256);

-- The holder page shows the latest notification delivered to one card.
CREATE INDEX notification_deliveries_card ON notification_deliveries (wallet_card_id, finished_at);
