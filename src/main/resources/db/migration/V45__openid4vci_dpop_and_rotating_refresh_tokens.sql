-- DPoP (RFC 9449) and rotating refresh tokens (docs/adr/0031-openid4vci-dpop-and-refresh-tokens.md).
-- jkt: the SHA-256 thumbprint of the wallet key an access or refresh token is bound to (NULL: a
-- Bearer token). family: the refresh tokens that descend from one pre-authorized code, so reuse
-- of a rotated one revokes them all. spent_at: when a refresh token was rotated; it is kept until
-- its expiry so that a second use is recognised as reuse rather than as an unknown token.
ALTER TABLE openid4vci_tokens ADD COLUMN jkt VARCHAR(64);
ALTER TABLE openid4vci_tokens ADD COLUMN family VARCHAR(64);
ALTER TABLE openid4vci_tokens ADD COLUMN spent_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX openid4vci_tokens_family ON openid4vci_tokens (family);

-- Refresh tokens now expire (WALLET_EUDIW_REFRESH_TOKEN_LIFETIME); those issued before had no
-- expiry and get the default lifetime from now, each its own family.
UPDATE openid4vci_tokens SET expires_at = CURRENT_TIMESTAMP + INTERVAL '30' DAY, family = token_hash
WHERE kind = 'refresh' AND expires_at IS NULL;

-- The DPoP proofs' jti values already seen, per key: each proof is accepted once (RFC 9449 §11.1),
-- kept (as a SHA-256 hash of thumbprint and jti) until its iat window has passed.
CREATE TABLE openid4vci_spent_dpop_proofs (
    proof_hash VARCHAR(64)              NOT NULL PRIMARY KEY,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX openid4vci_spent_dpop_proofs_expiry ON openid4vci_spent_dpop_proofs (expires_at);
