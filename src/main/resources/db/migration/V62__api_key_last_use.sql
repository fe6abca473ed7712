-- When each API key was last used, to the minute (access.KeyUses writes it at most once a minute
-- per key and instance, so the key cache still spares requests a database write). NULL: never used.
ALTER TABLE api_keys ADD COLUMN last_used_at TIMESTAMP WITH TIME ZONE;
