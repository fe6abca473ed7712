-- Batch issuance (OpenID4VCI 1.0 batch_credential_issuance, docs/adr/0014-openid4vci-issuer.md):
-- one credential response carries several credentials of one card, each with its own status
-- entry, under one notification id. The row is a credential, so its key becomes its status entry
-- (list and index, unique already) and the notification id an indexed column shared by the batch.
-- The table is rebuilt rather than altered: the generated name of the old primary key differs
-- between PostgreSQL and H2, and a portable ALTER cannot name it. Portable between both.
CREATE TABLE openid4vci_credentials_batched (
    notification_id VARCHAR(60)              NOT NULL,
    object_ref      VARCHAR(60)              NOT NULL,
    wallet_card_id  VARCHAR(60)              NOT NULL,
    list_id         INT                      NOT NULL,
    status_idx      INT                      NOT NULL,
    content_version BIGINT                   NOT NULL,
    issued_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked         BOOLEAN                  NOT NULL DEFAULT FALSE,
    last_event      VARCHAR(30),
    CONSTRAINT openid4vci_credentials_entry PRIMARY KEY (list_id, status_idx)
);
INSERT INTO openid4vci_credentials_batched (notification_id, object_ref, wallet_card_id, list_id, status_idx,
    content_version, issued_at, revoked, last_event)
SELECT notification_id, object_ref, wallet_card_id, list_id, status_idx, content_version, issued_at, revoked,
    last_event FROM openid4vci_credentials;
DROP TABLE openid4vci_credentials;
ALTER TABLE openid4vci_credentials_batched RENAME TO openid4vci_credentials;
CREATE INDEX openid4vci_credentials_object ON openid4vci_credentials (object_ref);
CREATE INDEX openid4vci_credentials_notification ON openid4vci_credentials (notification_id);
