-- The audit log is read through the API with the new scope audit:read (ADR 0040). Keys that held
-- every scope before it existed hold it too: "all scopes" keeps meaning all. Scopes are stored
-- sorted and space-separated, so such a key's value is exactly the four older scopes.
UPDATE api_keys
SET scopes = 'audit:read ' || scopes
WHERE scopes = 'campaigns:read campaigns:write webhooks:read webhooks:write';

-- The log is filtered by actor and by target, newest first, and deleted oldest first by retention.
CREATE INDEX audit_events_actor ON audit_events (organization_id, actor_id, at DESC, id DESC);
CREATE INDEX audit_events_target ON audit_events (organization_id, target_id, at DESC, id DESC);
CREATE INDEX audit_events_at ON audit_events (at);
