-- +goose Up
-- The API client a bearer session was issued to (OAuth with a registered client id), so every call it makes is logged
-- with the client; NULL for browser sessions and logins without a client.
ALTER TABLE sf_session ADD COLUMN client_id TEXT;

-- +goose Down
ALTER TABLE sf_session DROP COLUMN client_id;
