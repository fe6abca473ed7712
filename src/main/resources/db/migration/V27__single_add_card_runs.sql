-- The cards of single adds are issued by one run per campaign (docs/adr/0016-coalesced-single-adds.md):
-- a row exists while the campaign's run is in progress; each single add counts itself in
-- requested, in its own transaction, and the run ends only when it has handled every count.
CREATE TABLE single_card_runs (
    campaign_id     VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL,
    run_id          VARCHAR(40)              NOT NULL,
    requested       BIGINT                   NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
