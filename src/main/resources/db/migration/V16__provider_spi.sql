-- Provider SPI (docs/adr/0010-provider-spi.md). Portable between PostgreSQL and H2.

-- Providers report events about their own objects; the card module finds the object by the
-- provider's reference, which is unique per provider.
CREATE UNIQUE INDEX provider_objects_ref ON provider_objects (provider, object_ref);

-- Provider calls that may go over the network run in background work after the transaction that
-- changed the card: creating the object at the provider once its reference is allocated, and
-- voiding it after a revocation. Existing objects were created synchronously before.
ALTER TABLE provider_objects ADD COLUMN created_at_provider BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE provider_objects ADD COLUMN void_pending BOOLEAN NOT NULL DEFAULT FALSE;
-- the provider-calls job instance that owns the pending call
ALTER TABLE provider_objects ADD COLUMN call_batch VARCHAR(60);
CREATE INDEX provider_objects_call_batch ON provider_objects (call_batch);

-- The notification's report per wallet provider (contract §8): cards whose object at that
-- provider was targeted, took the message, failed, or cannot show messages at all.
CREATE TABLE notification_provider_reports (
    notification_id   VARCHAR(40) NOT NULL REFERENCES notifications (id),
    provider          VARCHAR(10) NOT NULL,
    targeted_cards    INT         NOT NULL DEFAULT 0,
    delivered_cards   INT         NOT NULL DEFAULT 0,
    failed_cards      INT         NOT NULL DEFAULT 0,
    unsupported_cards INT         NOT NULL DEFAULT 0,
    PRIMARY KEY (notification_id, provider)
);

-- Live updates call providers outside the objects' row locks: a worker leases an object for the
-- version it pushes, so pushes to one object stay one at a time and in version order.
ALTER TABLE provider_objects ADD COLUMN pushing_version BIGINT;
ALTER TABLE provider_objects ADD COLUMN push_lease_until TIMESTAMP WITH TIME ZONE;
