-- How holders reach the organizer (the reply address of invite emails, shown on card pages), and
-- the language of its recipients that carry none of their own.
ALTER TABLE organizations ADD COLUMN contact_email VARCHAR(254);
ALTER TABLE organizations ADD COLUMN contact_phone VARCHAR(16);
ALTER TABLE organizations ADD COLUMN contact_url VARCHAR(2000);
ALTER TABLE organizations ADD COLUMN default_locale VARCHAR(8) NOT NULL DEFAULT 'en';
