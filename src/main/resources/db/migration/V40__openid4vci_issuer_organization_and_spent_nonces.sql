-- The organization that issues a campaign's cards: wallets show it with the campaign's
-- credential configuration (ADR 0027), since the one issuer of this service shows a neutral name.
ALTER TABLE openid4vci_campaign_types ADD COLUMN organization_name VARCHAR(200);

-- The c_nonce values that key proofs have used: each is accepted once (OpenID4VCI 1.0 §7), kept
-- (as a SHA-256 hash) until it would have expired anyway.
CREATE TABLE openid4vci_spent_nonces (
    nonce_hash VARCHAR(64)              NOT NULL PRIMARY KEY,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX openid4vci_spent_nonces_expiry ON openid4vci_spent_nonces (expires_at);
