-- The eudiw provider's OpenID4VCI issuer (docs/adr/0014-openid4vci-issuer.md). Portable between
-- PostgreSQL and H2.

-- Pre-authorized codes of credential offers: only their SHA-256 is kept, so a database reader
-- cannot redeem them. Single use: used_at is set by the one token request that wins.
CREATE TABLE openid4vci_offers (
    code_hash       VARCHAR(64)              NOT NULL PRIMARY KEY,
    object_ref      VARCHAR(60)              NOT NULL,
    wallet_card_id  VARCHAR(60)              NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at         TIMESTAMP WITH TIME ZONE,
    failed_attempts INT                      NOT NULL DEFAULT 0
);
CREATE INDEX openid4vci_offers_expires ON openid4vci_offers (expires_at);

-- Access tokens (short-lived) and refresh tokens (re-issuance with the card's newest content),
-- kept as SHA-256 hashes.
CREATE TABLE openid4vci_tokens (
    token_hash     VARCHAR(64)              NOT NULL PRIMARY KEY,
    kind           VARCHAR(10)              NOT NULL,
    object_ref     VARCHAR(60)              NOT NULL,
    wallet_card_id VARCHAR(60)              NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at     TIMESTAMP WITH TIME ZONE
);
CREATE INDEX openid4vci_tokens_object ON openid4vci_tokens (object_ref);

-- Every issued credential: its notification id and its entry in a token status list. Rows are
-- never deleted, so an index is never given to a second credential.
CREATE TABLE openid4vci_credentials (
    notification_id VARCHAR(60)              NOT NULL PRIMARY KEY,
    object_ref      VARCHAR(60)              NOT NULL,
    wallet_card_id  VARCHAR(60)              NOT NULL,
    list_id         INT                      NOT NULL,
    status_idx      INT                      NOT NULL,
    content_version BIGINT                   NOT NULL,
    issued_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked         BOOLEAN                  NOT NULL DEFAULT FALSE,
    last_event      VARCHAR(30),
    CONSTRAINT openid4vci_credentials_index UNIQUE (list_id, status_idx)
);
CREATE INDEX openid4vci_credentials_object ON openid4vci_credentials (object_ref);

-- The signed status list token of each list, re-signed only when one of its bits changed
-- (version > signed_version) or when the signed one nears its expiry.
CREATE TABLE openid4vci_status_lists (
    list_id        INT                      NOT NULL PRIMARY KEY,
    version        BIGINT                   NOT NULL DEFAULT 1,
    signed_version BIGINT                   NOT NULL DEFAULT 0,
    token          TEXT,
    signed_at      TIMESTAMP WITH TIME ZONE
);
INSERT INTO openid4vci_status_lists (list_id) VALUES (1);
