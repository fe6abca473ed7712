-- The card content a pass last carried to its devices (JSON), so that a deleted recipient's pass
-- is served as it was last issued: the card module stops updating it, and the campaign's later
-- changes must not show on it. TEXT: H2 caps VARCHAR at 1 MB.
ALTER TABLE apple_passes ADD COLUMN issued_content TEXT;
