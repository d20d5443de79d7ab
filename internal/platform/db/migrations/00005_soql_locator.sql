-- +goose Up
-- Query locators of the SOQL query resource (internal/soql/locator.go): a query whose rows span several pages keeps
-- its text here, so that any app server can answer GET /query/{locator}-{position} by running it again from that
-- position. created_at (epoch ms) pins the instant date literals (TODAY...) were resolved at; used_at (epoch ms)
-- dates the last page read, and a locator unused for 15 minutes is forgotten, as Salesforce's are.
CREATE TABLE sf_query_locator (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    query      TEXT NOT NULL,
    all_rows   BOOLEAN NOT NULL,
    batch_size BIGINT NOT NULL,
    total_size BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at    BIGINT NOT NULL
);
CREATE INDEX ix_sf_query_locator_used ON sf_query_locator (used_at);

-- +goose Down
DROP TABLE sf_query_locator;
