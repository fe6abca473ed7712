-- The console's passkeys (WebAuthn, ADR 0030): Spring Security's own tables for its JDBC
-- repositories, in its PostgreSQL form (bytea), which H2 in PostgreSQL mode runs unchanged.
-- user_entities.name is the console user's id; user_credentials holds only public keys.

CREATE TABLE user_entities (
    id           VARCHAR(1000) NOT NULL,
    name         VARCHAR(100)  NOT NULL,
    display_name VARCHAR(200),
    PRIMARY KEY (id)
);
CREATE UNIQUE INDEX user_entities_name ON user_entities (name);

CREATE TABLE user_credentials (
    credential_id                VARCHAR(1000) NOT NULL,
    user_entity_user_id          VARCHAR(1000) NOT NULL,
    public_key                   BYTEA         NOT NULL,
    signature_count              BIGINT,
    uv_initialized               BOOLEAN,
    backup_eligible              BOOLEAN       NOT NULL,
    authenticator_transports     VARCHAR(1000),
    public_key_credential_type   VARCHAR(100),
    backup_state                 BOOLEAN       NOT NULL,
    attestation_object           BYTEA,
    attestation_client_data_json BYTEA,
    created                      TIMESTAMP,
    last_used                    TIMESTAMP,
    label                        VARCHAR(1000) NOT NULL,
    PRIMARY KEY (credential_id)
);
CREATE INDEX user_credentials_user ON user_credentials (user_entity_user_id);
