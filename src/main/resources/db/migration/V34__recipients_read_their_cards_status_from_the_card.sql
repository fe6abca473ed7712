-- A recipient's card status is the card's (wallet_cards.status), read with the recipient by key;
-- the copy the recipient kept, and had to keep in step, goes.
ALTER TABLE recipients DROP COLUMN wallet_card_status;
