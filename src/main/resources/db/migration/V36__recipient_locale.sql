-- A recipient's own language (en, de) for its invite email and card pages; NULL: its organization's.
ALTER TABLE recipients ADD COLUMN locale VARCHAR(8);
