-- +goose Up
-- Page layouts an administrator edited (internal/uiapi/metadata/layoutstore.go): the sections of one object's layout
-- of one type (Full, Compact) and record type, as JSON, in place of the layout generated from the metadata. The
-- editable, required and label parts of each item are not stored: they are worked out from the metadata and the
-- caller's field-level security on every read.
CREATE TABLE sf_layout (
    object_api_name TEXT NOT NULL,
    layout_type     TEXT NOT NULL,
    record_type_id  TEXT NOT NULL,
    sections        TEXT NOT NULL,
    updated_by      TEXT NOT NULL,
    updated_at      BIGINT NOT NULL,
    PRIMARY KEY (object_api_name, layout_type, record_type_id)
);

-- Each user's own state of a layout's sections (collapsed or not), per object, layout type, mode and record type;
-- only the sections a user changed have a row.
CREATE TABLE sf_layout_user_state (
    user_id         TEXT NOT NULL,
    object_api_name TEXT NOT NULL,
    layout_type     TEXT NOT NULL,
    mode            TEXT NOT NULL,
    record_type_id  TEXT NOT NULL,
    section_id      TEXT NOT NULL,
    collapsed       BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, object_api_name, layout_type, mode, record_type_id, section_id)
);

-- +goose Down
DROP TABLE sf_layout_user_state;
DROP TABLE sf_layout;
