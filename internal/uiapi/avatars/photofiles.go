package avatars

import (
	"context"
	"errors"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// People (Users and Contacts) with an image file shared with them show it as their photo when no photo has been
// associated: the latest version of the most recently shared image, served by the VersionData download.

// photoObjects are the objects whose records take their photo from their files.
var photoObjects = map[string]bool{"User": true, "Contact": true}

// imageTypes are the FileTypes a browser shows as a photo.
var imageTypes = []any{"PNG", "JPG", "JPEG", "GIF", "WEBP"}

// filePhotos gives the records among ids (visible Users and Contacts) a Photo avatar from their newest image file
// the actor sees, by record id; version is the API version segment of the download URL ("v64.0").
func (h *Handler) filePhotos(ctx context.Context, actor *identity.Principal, version string, ids []any, colour map[string]*string) (map[string]*PhotoAvatar, error) {
	out := map[string]*PhotoAvatar{}
	if len(ids) == 0 {
		return out, nil
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: "ContentDocumentLink",
		Fields: []string{"LinkedEntityId", "ContentDocument.LatestPublishedVersionId"},
		Where: records.And{&records.Cond{Field: "LinkedEntityId", Op: records.OpIn, Values: ids},
			&records.Cond{Field: "ContentDocument.FileType", Op: records.OpIn, Values: imageTypes}},
		OrderBy:  []records.Order{{Field: "CreatedDate", Desc: true}},
		PageSize: records.MaxPageSize})
	if errors.Is(err, records.ErrNotFound) {
		return out, nil // the actor may not read files: no photo from them
	}
	if err != nil {
		return nil, err
	}
	for _, row := range res.Rows {
		id, _ := row.Values["LinkedEntityId"].(string)
		versionID, _ := row.Values["ContentDocument.LatestPublishedVersionId"].(string)
		if out[id] != nil || versionID == "" {
			continue // the newest image wins
		}
		out[id] = &PhotoAvatar{RecordID: id, Type: "Photo", BackgroundColor: colour[id],
			PhotoURL:      "/services/data/" + version + "/sobjects/ContentVersion/" + versionID + "/VersionData",
			PhotoMetadata: &PhotoMetadata{}, ETag: etag(id, "Photo", versionID)}
	}
	return out, nil
}
