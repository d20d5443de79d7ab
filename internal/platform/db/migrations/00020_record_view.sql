-- +goose Up
-- Record views per user (internal/records/views.go): the UI API's updateMru writes them, and the most recently used
-- lists read them, newest first. One row per user and record; viewing again moves it to the front. viewed_at is
-- epoch ms. Rows of deleted records are harmless: the lists read records through the engine, which finds none.
CREATE TABLE sf_record_view (
    user_id     TEXT NOT NULL,
    record_id   TEXT NOT NULL,
    object_name TEXT NOT NULL,
    viewed_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, record_id)
);
CREATE INDEX ix_sf_record_view_recent ON sf_record_view (user_id, object_name, viewed_at);

-- +goose Down
DROP TABLE sf_record_view;
