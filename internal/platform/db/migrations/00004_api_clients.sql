-- +goose Up
-- The installation's settings (its organization id, made once) and the integration surface's credentials: registered
-- API clients and the refresh tokens issued to them. Secrets and tokens are stored only as SHA-256 hashes (hex): they
-- carry 256 random bits, so a plain hash is enough and a leaked table cannot be replayed.
CREATE TABLE sf_setting (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE sf_api_client (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

-- A refresh token belongs to one client and one user; revoking it (or deleting its client) deletes the row.
CREATE TABLE sf_refresh_token (
    id         TEXT PRIMARY KEY,
    client_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ix_sf_refresh_token_client ON sf_refresh_token (client_id);

-- +goose Down
DROP TABLE sf_refresh_token;
DROP TABLE sf_api_client;
DROP TABLE sf_setting;
