-- The retention jobs (docs/retention.md) find rows by age and delete what hangs off them.
CREATE INDEX webhook_events_created ON webhook_events (created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);
CREATE INDEX provider_events_received ON provider_events (received_at);
