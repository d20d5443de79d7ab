-- +goose Up
-- The start-up steps that run after the ordered migrations on every start (db.Migrate): when each last ran and
-- how long it took, written in the step's own transaction, so an operator can see what the last start did.
CREATE TABLE sf_migration_step (
    name        TEXT PRIMARY KEY,
    ran_at      TEXT NOT NULL,
    duration_ms BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sf_migration_step;
