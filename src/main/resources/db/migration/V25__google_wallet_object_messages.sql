-- Messages added to single Google Wallet objects: a notification whose class has only a few live
-- objects goes to each of them instead of the class, so it reaches exactly the targeted holders.
-- One row per object and notification, so a repeated batch never adds the message twice.
CREATE TABLE google_wallet_object_messages (
    object_id  VARCHAR(100)             NOT NULL REFERENCES google_wallet_objects (object_id),
    message_id VARCHAR(100)             NOT NULL,
    notified   BOOLEAN                  NOT NULL,
    outcome    VARCHAR(500),
    added_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (object_id, message_id)
);
