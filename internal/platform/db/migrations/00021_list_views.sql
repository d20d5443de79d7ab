-- +goose Up
-- List views users create through the UI API (internal/uiapi/lists). The standard views of each object are
-- generated from its metadata and not stored. A view's API name is unique within its object, as Salesforce's
-- developer names are; definition is the view's JSON (label, columns, filters, logic, order, scope, visibility,
-- shares); owner_id is the user who created it and the only one who may change it; stamp (epoch ms) moves with
-- every change.
CREATE TABLE sf_list_view (
    id          TEXT PRIMARY KEY,
    object_name TEXT NOT NULL,
    api_name    TEXT NOT NULL,
    owner_id    TEXT NOT NULL,
    definition  TEXT NOT NULL,
    stamp       BIGINT NOT NULL
);
CREATE UNIQUE INDEX ux_sf_list_view_name ON sf_list_view (object_name, api_name);

-- Each user's preferences for a list (column widths and wrap, order), keyed by user, object and list name; another
-- user never reads them. preferences is their JSON.
CREATE TABLE sf_list_preference (
    user_id     TEXT NOT NULL,
    object_name TEXT NOT NULL,
    list_name   TEXT NOT NULL,
    preferences TEXT NOT NULL,
    PRIMARY KEY (user_id, object_name, list_name)
);

-- +goose Down
DROP TABLE sf_list_preference;
DROP TABLE sf_list_view;
