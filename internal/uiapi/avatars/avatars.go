// Package avatars serves the UI API's record avatars (GET /record-avatars/batch/{recordIds}, POST
// /record-avatars/{recordId}/association) and the theme icons their Theme avatars and object-info name.
//
// A record is a Photo avatar when a photo has been associated with it (sf_record_avatar), else a Theme avatar of its
// object's colour and icon. Records are read through the engine's query API, so an avatar is seen by exactly who
// sees the record; missing and hidden records alike are 404 items.
package avatars

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// MaxBatchIDs bounds the records of one avatar batch, as the records batch read does.
const MaxBatchIDs = 200

// Handler holds what the avatar routes need.
type Handler struct {
	Engine *records.Engine
}

// formFactors are the values of the formFactor parameter (RAML default Large). Avatars look the same on each.
var formFactors = map[string]bool{"large": true, "medium": true, "small": true}

// ThemeAvatar is ThemeRecordAvatarRepresentation: the record's object's colour and icon.
type ThemeAvatar struct {
	RecordID        string  `json:"recordId"`
	Type            string  `json:"type"` // Theme
	BackgroundColor *string `json:"backgroundColor"`
	IconURL         *string `json:"iconUrl"`
	ETag            string  `json:"eTag"`
}

// PhotoAvatar is PhotoRecordAvatarRepresentation: a photo associated with the record. Its size is not known, so
// height and width are null.
type PhotoAvatar struct {
	RecordID        string         `json:"recordId"`
	Type            string         `json:"type"` // Photo
	BackgroundColor *string        `json:"backgroundColor"`
	Height          *int           `json:"height"`
	Width           *int           `json:"width"`
	PhotoURL        string         `json:"photoUrl"`
	Provider        *string        `json:"provider"`
	PhotoMetadata   *PhotoMetadata `json:"photoMetadata"`
	ETag            string         `json:"eTag"`
}

// PhotoMetadata is PhotoMetadataRepresentation.
type PhotoMetadata struct {
	CompanyBluemasterID *string `json:"companyBluemasterId"`
	ResponseID          *string `json:"responseId"`
}

// batchItem is one result of the batch: statusCode 200 with an avatar, 400 or 404 with [{errorCode, message}].
type batchItem struct {
	StatusCode int `json:"statusCode"`
	Result     any `json:"result"`
}

type errorItem struct {
	ErrorCode string `json:"errorCode"`
	Message   string `json:"message"`
}

// GetBatch answers GET /record-avatars/batch/{recordIds}: {hasErrors, results} with one item per id, in order.
func (h *Handler) GetBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	ids := recordsapi.SplitList(r.PathValue("recordIds"))
	if len(ids) == 0 {
		return httpx.BadRequest("INVALID_INPUT", "recordIds is required")
	}
	if len(ids) > MaxBatchIDs {
		return httpx.BadRequest("INVALID_INPUT", "Too many record ids: %d. Specify at most %d.", len(ids), MaxBatchIDs)
	}
	if ff := r.URL.Query().Get("formFactor"); ff != "" && !formFactors[strings.ToLower(ff)] {
		return httpx.BadRequest("INVALID_INPUT", "Invalid formFactor: %s. Use Large, Medium or Small.", ff)
	}
	avatars, err := h.avatarsOf(r.Context(), actor, recordsapi.Version(r), ids)
	if err != nil {
		return err
	}
	out := struct {
		HasErrors bool        `json:"hasErrors"`
		Results   []batchItem `json:"results"`
	}{Results: make([]batchItem, len(ids))}
	for i, id := range ids {
		full, ok := records.NormalizeID(id)
		a, found := avatars[full]
		switch {
		case !ok:
			out.Results[i] = batchItem{http.StatusBadRequest, []errorItem{{"MALFORMED_ID", "Invalid record id: " + id}}}
		case !found:
			out.Results[i] = batchItem{http.StatusNotFound, []errorItem{{"NOT_FOUND", recordsapi.NotFound().Message}}}
		default:
			out.Results[i] = batchItem{http.StatusOK, a}
		}
		out.HasErrors = out.HasErrors || out.Results[i].StatusCode != http.StatusOK
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// avatarsOf reads the avatars of the records among ids that exist and the actor sees, by 18-character id: one
// query of each object named, through the engine, one read of their photos, and one query of the image files
// shared with the people among them.
func (h *Handler) avatarsOf(ctx context.Context, actor *identity.Principal, version string, ids []string) (map[string]any, error) {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	byObject := map[*records.Object][]any{}
	for _, id := range ids {
		if full, ok := records.NormalizeID(id); ok {
			if o := cat.ByPrefix(records.KeyPrefix(full)); o != nil {
				byObject[o] = append(byObject[o], full)
			}
		}
	}
	out := map[string]any{}
	var seen []string
	for o, oids := range byObject {
		res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: o.APIName,
			Where: &records.Cond{Field: "Id", Op: records.OpIn, Values: oids}, PageSize: len(oids)})
		if errors.Is(err, records.ErrNotFound) {
			continue // the actor may not read the object: its records are 404 items
		}
		if err != nil {
			return nil, err
		}
		for _, row := range res.Rows {
			out[row.ID] = themeAvatar(o, row.ID)
			seen = append(seen, row.ID)
		}
	}
	photos, err := photosOf(ctx, h.Engine.DB, seen)
	if err != nil {
		return nil, err
	}
	colour := map[string]*string{}
	var people []any // Users and Contacts without an associated photo: their image files may give one
	for _, id := range seen {
		colour[id] = out[id].(*ThemeAvatar).BackgroundColor
		if p := photos[id]; p != nil {
			out[id] = photoAvatar(p, colour[id])
		} else if photoObjects[cat.ByPrefix(records.KeyPrefix(id)).APIName] {
			people = append(people, id)
		}
	}
	fromFiles, err := h.filePhotos(ctx, actor, version, people, colour)
	if err != nil {
		return nil, err
	}
	for id, p := range fromFiles {
		out[id] = p
	}
	return out, nil
}

// themeAvatar is the record's object's colour and icon.
func themeAvatar(o *records.Object, id string) *ThemeAvatar {
	colour, icon := recordsapi.Theme(o)
	return &ThemeAvatar{RecordID: id, Type: "Theme", BackgroundColor: &colour, IconURL: &icon,
		ETag: etag(id, "Theme", colour, icon)}
}

// photoAvatar is the record's associated photo.
func photoAvatar(p *photo, colour *string) *PhotoAvatar {
	meta := &PhotoMetadata{}
	if p.BlueMasterID.Valid {
		meta.CompanyBluemasterID = &p.BlueMasterID.String
	}
	if p.ExternalID.Valid {
		meta.ResponseID = &p.ExternalID.String
	}
	var provider *string
	if p.ProfileName.Valid {
		provider = &p.ProfileName.String
	}
	tag := etag(p.RecordID, "Photo", p.PhotoURL, p.ProfileName.String, p.ExternalID.String, p.BlueMasterID.String,
		strconv.FormatInt(p.Stamp, 10))
	return &PhotoAvatar{RecordID: p.RecordID, Type: "Photo", BackgroundColor: colour, PhotoURL: p.PhotoURL,
		Provider: provider, PhotoMetadata: meta, ETag: tag}
}

// etag changes whenever what the avatar shows does. A photo's tag holds what it shows as well as when it was
// associated: two associations within one millisecond would otherwise share a tag.
func etag(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:16])
}
