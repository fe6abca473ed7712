-- The eudiw issuer's transaction codes, growing status lists and retention
-- (docs/adr/0014-openid4vci-issuer.md). Portable between PostgreSQL and H2.

-- The transaction code last emailed for an object (WALLET_EUDIW_TX_CODE): an HMAC under a key
-- derived from the issuer key, so a database reader cannot try the million codes offline. Wrong
-- codes are counted here, per code, however many offers the card page hands out.
CREATE TABLE openid4vci_tx_codes (
    object_ref      VARCHAR(60)              NOT NULL PRIMARY KEY,
    code_hash       VARCHAR(64)              NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    failed_attempts INT                      NOT NULL DEFAULT 0
);

-- A list holds list_size entries; issued counts the reserved ones, so a full list is noticed
-- with one conditional UPDATE and the next list takes over.
ALTER TABLE openid4vci_status_lists ADD COLUMN list_size INT NOT NULL DEFAULT 131072;
ALTER TABLE openid4vci_status_lists ADD COLUMN issued INT NOT NULL DEFAULT 0;
UPDATE openid4vci_status_lists SET issued = (SELECT COUNT(*) FROM openid4vci_credentials c
    WHERE c.list_id = openid4vci_status_lists.list_id);

-- Retention deletes expired tokens oldest first.
CREATE INDEX openid4vci_tokens_expires ON openid4vci_tokens (expires_at);

-- Each campaign's look (colours, logo) as the type metadata at its own vct URL, whose last part
-- is an HMAC of the campaign id: public to whoever holds or is shown a credential of the campaign,
-- never listed, so public metadata does not reveal the organizations' campaigns.
CREATE TABLE openid4vci_campaign_types (
    type_key         VARCHAR(40)              NOT NULL PRIMARY KEY,
    configuration_id VARCHAR(40)              NOT NULL,
    name             VARCHAR(500)             NOT NULL,
    description      VARCHAR(500),
    background_color VARCHAR(7)               NOT NULL,
    text_color       VARCHAR(7)               NOT NULL,
    logo_uri         VARCHAR(2000),
    logo_alt_text    VARCHAR(100),
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL
);
