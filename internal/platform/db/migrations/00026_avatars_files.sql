-- +goose Up
-- Photos associated with records through the UI API's avatar association (internal/uiapi/avatars): a record with a
-- row here is a Photo avatar, any other a Theme avatar. An avatar belongs to the record, not to a user: everyone who
-- sees the record sees its photo. stamp (epoch ms) moves with every change and makes the avatar's eTag.
CREATE TABLE sf_record_avatar (
    record_id      TEXT PRIMARY KEY,
    photo_url      TEXT NOT NULL,
    external_id    TEXT,
    blue_master_id TEXT,
    profile_name   TEXT,
    stamp          BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sf_record_avatar;
