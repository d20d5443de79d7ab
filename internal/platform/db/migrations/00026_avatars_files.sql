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

-- The bytes of uploaded files (internal/uiapi/files), outside the ContentVersion rows: a file is a run of chunks of
-- at most 1 MiB, so an upload is written and a download read a chunk at a time, in flat memory, and every instance
-- on one database serves every file. sf_content_data says which chunks hold a version's data; it is written in the
-- transaction that creates the version, so a file whose upload failed is never named by a version.
CREATE TABLE sf_file_chunk (
    blob_id TEXT NOT NULL,
    seq     INTEGER NOT NULL,
    data    BYTEA NOT NULL,
    PRIMARY KEY (blob_id, seq)
);
CREATE TABLE sf_content_data (
    version_id TEXT PRIMARY KEY,
    blob_id    TEXT NOT NULL,
    size       BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sf_content_data;
DROP TABLE sf_file_chunk;
DROP TABLE sf_record_avatar;
