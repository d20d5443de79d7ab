-- +goose Up
-- Sign-in: password hashes (kept apart from the User records the API can read), sessions, login attempt counters.
-- Times are epoch milliseconds. User ids are not foreign keys: the "user" table is made by the records engine after
-- the migrations run.

-- One argon2id hash per user, in PHC form ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
CREATE TABLE sf_credential (
    user_id       TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    updated_at    BIGINT NOT NULL
);

-- A session is known only by the SHA-256 of its token (hex), so a leaked table cannot be replayed. user_id is NULL
-- for guests. prior_guest_id names the guest session a login replaced, so the guest's cart can be preserved.
CREATE TABLE sf_session (
    id             TEXT PRIMARY KEY,
    user_id        TEXT,
    csrf_token     TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    last_seen_at   BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL,
    prior_guest_id TEXT
);
CREATE INDEX ix_sf_session_user ON sf_session (user_id);
CREATE INDEX ix_sf_session_expires ON sf_session (expires_at);

-- Fixed-window counters for login attempts, shared by every instance: bucket "u:<sha256 of username>" or
-- "a:<client address>".
CREATE TABLE sf_login_attempt (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    attempts     BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sf_login_attempt;
DROP TABLE sf_session;
DROP TABLE sf_credential;
