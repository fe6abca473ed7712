-- Live updates: pushing new card content to installed cards (docs/adr/0007-propagation.md).
--
-- One row per scope (a campaign, or a single card) while a propagation run for it is in
-- progress; the run deletes the row when it has caught up. Every change bumps `requested` in the
-- transaction of the change; the run finishes only by deleting the row where `requested` still
-- equals what it handled, so a change that commits while the run works is never missed, and
-- every change made meanwhile is coalesced into the same run.
CREATE TABLE card_propagations (
    scope_key       VARCHAR(40)              PRIMARY KEY, -- the campaign id or the wallet card id
    scope           VARCHAR(10)              NOT NULL,    -- campaign | card
    organization_id VARCHAR(40)              NOT NULL,
    campaign_id     VARCHAR(40)              NOT NULL,
    run_id          VARCHAR(40)              NOT NULL,
    requested       BIGINT                   NOT NULL,
    -- the value of `requested` when the run last split the campaign into batches
    fanned_out      BIGINT,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE UNIQUE INDEX card_propagations_run ON card_propagations (run_id);
