-- The organization that issues a campaign's cards: wallets show it with the campaign's
-- credential configuration (ADR 0027), since the one issuer of this service shows a neutral name.
ALTER TABLE openid4vci_campaign_types ADD COLUMN organization_name VARCHAR(200);
