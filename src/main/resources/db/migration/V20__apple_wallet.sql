-- alpha in Apple Wallet mode (docs/adr/0012-apple-wallet.md). Portable between PostgreSQL and H2.

-- One row per pass (serial number = the card's object reference at alpha). The pass's look comes
-- from the card's content when it is served; this row keeps what only the pass has: the hash of
-- its authentication token, the void flag, the latest lock-screen message, and when it last
-- changed (Last-Modified of the pass call, and the tag of the list call: seconds since the epoch,
-- strictly increasing per pass, so a change is never hidden behind an If-Modified-Since).
CREATE TABLE apple_passes (
    serial_number   VARCHAR(100)             PRIMARY KEY,
    wallet_card_id  VARCHAR(40)              NOT NULL,
    auth_token_hash VARCHAR(64)              NOT NULL,
    content_version BIGINT                   NOT NULL DEFAULT 0,
    voided          BOOLEAN                  NOT NULL DEFAULT FALSE,
    message_id      VARCHAR(40),
    message_header  VARCHAR(200),
    message_body    VARCHAR(2000),
    modified_epoch  BIGINT                   NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Devices that registered a pass for updates (the pass web service). The device library id and
-- the push token come from the device; a pass's registrations are found by serial.
CREATE TABLE apple_registrations (
    device_library_id VARCHAR(128)             NOT NULL,
    serial_number     VARCHAR(100)             NOT NULL REFERENCES apple_passes (serial_number) ON DELETE CASCADE,
    push_token        VARCHAR(200)             NOT NULL,
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (device_library_id, serial_number)
);
CREATE INDEX apple_registrations_serial ON apple_registrations (serial_number);
CREATE INDEX apple_passes_modified ON apple_passes (modified_epoch);
