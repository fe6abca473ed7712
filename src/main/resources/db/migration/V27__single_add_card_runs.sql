-- The cards of single adds are issued by one run per campaign (docs/adr/0016-coalesced-single-adds.md):
-- while the campaign's run is in progress it has one row per shard, all created and deleted
-- together; each single add counts itself in one shard's requested, in its own transaction, and
-- the run ends only when it has handled every count. Shards spread the adds' row locks.
CREATE TABLE single_card_runs (
    campaign_id     VARCHAR(40)              NOT NULL,
    shard           SMALLINT                 NOT NULL,
    organization_id VARCHAR(40)              NOT NULL,
    run_id          VARCHAR(40)              NOT NULL,
    requested       BIGINT                   NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (campaign_id, shard)
);
