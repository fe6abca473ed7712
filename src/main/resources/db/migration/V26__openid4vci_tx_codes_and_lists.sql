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
