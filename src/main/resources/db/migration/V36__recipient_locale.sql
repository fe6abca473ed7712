-- A recipient's own language (en, de) for its invite email and card pages; NULL: its organization's.
ALTER TABLE recipients ADD COLUMN locale VARCHAR(8);
-- A CSV import's staged rows carry it from the file's locale column to the recipient.
ALTER TABLE recipient_import_rows ADD COLUMN locale VARCHAR(8);
