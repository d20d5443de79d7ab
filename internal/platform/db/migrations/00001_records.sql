-- +goose Up
-- The records engine's metadata: one row per object with its full definition (fields, record types, picklists).
-- Object tables themselves are created from these definitions by the engine.
CREATE TABLE sf_object (
    api_name   TEXT PRIMARY KEY,
    key_prefix TEXT NOT NULL UNIQUE,
    definition TEXT NOT NULL,
    modstamp   BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sf_object;
