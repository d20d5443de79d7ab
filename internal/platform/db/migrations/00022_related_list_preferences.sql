-- +goose Up
-- Each user's preferences for a related list (internal/uiapi/relatedlists): column widths and wrap and the order
-- of its records, keyed by user and preferences id (the parent object and the related list, "Account.Contacts");
-- another user never reads them. preferences is their JSON.
CREATE TABLE sf_related_list_preference (
    user_id        TEXT NOT NULL,
    preferences_id TEXT NOT NULL,
    preferences    TEXT NOT NULL,
    PRIMARY KEY (user_id, preferences_id)
);

-- +goose Down
DROP TABLE sf_related_list_preference;
