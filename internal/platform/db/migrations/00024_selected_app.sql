-- +goose Up
-- The app each user last selected in the console (GET /ui-api/apps/selected, PATCH /ui-api/apps/{appId}); a user
-- without a row gets the first app they may use. Apps themselves are defined in code (internal/uiapi/apps).
CREATE TABLE sf_selected_app (
    user_id    TEXT PRIMARY KEY,
    app_id     TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sf_selected_app;
