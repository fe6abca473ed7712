-- One number that every change able to stop a key or change its scopes increments in the same
-- transaction. Each instance keeps the keys it verified in memory and polls this number, so a
-- revocation reaches every instance within a second without a lookup per request (ADR 0015).
CREATE TABLE api_key_revision (
    id INT PRIMARY KEY,
    revision BIGINT NOT NULL
);
INSERT INTO api_key_revision (id, revision) VALUES (1, 0);
