-- +goose Up
-- Password reset links (internal/auth/reset.go). A link's token is known only by its SHA-256 (hex), as sessions are,
-- so a leaked table cannot be replayed. A row is deleted when its link is used, when a newer link is asked for, and
-- when the password changes; expires_at (epoch ms) bounds the rest.
CREATE TABLE sf_password_reset (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX ix_sf_password_reset_user ON sf_password_reset (user_id);
CREATE INDEX ix_sf_password_reset_expires ON sf_password_reset (expires_at);

-- +goose Down
DROP TABLE sf_password_reset;
