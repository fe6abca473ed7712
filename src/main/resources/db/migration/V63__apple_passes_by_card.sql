-- The console's recipient page lists the Apple devices a card's pass is registered on: its pass is
-- found by the card, one index lookup instead of a scan of every pass.
CREATE INDEX apple_passes_card ON apple_passes (wallet_card_id);
