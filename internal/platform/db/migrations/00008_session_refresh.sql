-- +goose Up
-- The refresh token (its id, the token's SHA-256) an API session's access token was issued with or refreshed from,
-- so revoking the refresh token ends those access tokens too; NULL for every other session. Refresh tokens are
-- also looked up by user: a password change or reset ends all of them.
ALTER TABLE sf_session ADD COLUMN refresh_id TEXT;
CREATE INDEX ix_sf_session_refresh ON sf_session (refresh_id);
CREATE INDEX ix_sf_refresh_token_user ON sf_refresh_token (user_id);

-- +goose Down
DROP INDEX ix_sf_refresh_token_user;
DROP INDEX ix_sf_session_refresh;
ALTER TABLE sf_session DROP COLUMN refresh_id;
