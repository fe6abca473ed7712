-- The console's people: users of an organization with a role, the one-time links with which they
-- set a password, failed sign-ins counted per account, and the audit log (ADR 0030).

CREATE TABLE console_users (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    email           VARCHAR(320)             NOT NULL,
    name            VARCHAR(200)             NOT NULL,
    role            VARCHAR(20)              NOT NULL,
    password_hash   VARCHAR(200),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
-- One account per email across the service: a sign-in names no organization.
CREATE UNIQUE INDEX console_users_email ON console_users (email);
CREATE INDEX console_users_organization ON console_users (organization_id, email);

CREATE TABLE console_password_links (
    token_hash VARCHAR(64)              PRIMARY KEY,
    user_id    VARCHAR(40)              NOT NULL REFERENCES console_users (id),
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at    TIMESTAMP WITH TIME ZONE
);
CREATE INDEX console_password_links_user ON console_password_links (user_id);

-- Keyed by a hash of the email as typed (lower case), whether an account has it or not, so that
-- unknown emails slow down exactly like known ones.
CREATE TABLE console_sign_in_failures (
    account_key       VARCHAR(64)              PRIMARY KEY,
    failures          INT                      NOT NULL,
    window_started_at TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE audit_events (
    id              VARCHAR(40)              PRIMARY KEY,
    organization_id VARCHAR(40)              NOT NULL REFERENCES organizations (id),
    at              TIMESTAMP WITH TIME ZONE NOT NULL,
    actor_type      VARCHAR(20)              NOT NULL,
    actor_id        VARCHAR(40)              NOT NULL,
    actor_name      VARCHAR(320)             NOT NULL,
    action          VARCHAR(60)              NOT NULL,
    target_type     VARCHAR(40)              NOT NULL,
    target_id       VARCHAR(60)              NOT NULL,
    detail          VARCHAR                  NOT NULL
);
CREATE INDEX audit_events_organization ON audit_events (organization_id, at DESC, id DESC);
