package avatars

import (
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// POST /record-avatars/{recordId}/association: {actionType, photoUrl, externalId, blueMasterId, profileName}.
// AssociateAvatar sets the record's photo (photoUrl required); DisassociateAvatar and RemoveLogo take it away;
// ReportLogo changes nothing. The answer is the record's avatar afterwards. Whoever may edit the object's records
// and sees the record may change its avatar.

// errAssociation is the spec's message for a malformed association (section 8).
const errAssociation = "updateRecordAvatar invalid configuration"

func invalidAssociation(format string, args ...any) error {
	return httpx.BadRequest("INVALID_INPUT", "%s: %s", errAssociation, fmt.Sprintf(format, args...))
}

// associationKeys are the body's keys; type, when sent, must name an avatar kind.
var associationKeys = map[string]bool{"actionType": true, "photoUrl": true, "externalId": true,
	"blueMasterId": true, "profileName": true, "type": true}

// Associate answers the association call.
func (h *Handler) Associate(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	var decoded any
	if err := httpx.DecodeJSON(w, r, &decoded); err != nil {
		return err
	}
	body, ok := decoded.(map[string]any)
	if !ok {
		return invalidAssociation("the body must be an object")
	}
	in := map[string]sql.NullString{}
	for k, v := range body {
		if !associationKeys[k] {
			return invalidAssociation("unknown property %q", k)
		}
		switch v := v.(type) {
		case nil:
		case string:
			in[k] = sql.NullString{String: v, Valid: v != ""}
		default:
			return invalidAssociation("%s must be a string", k)
		}
	}
	if t, sent := body["type"]; sent && t != "Photo" && t != "Theme" {
		return httpx.BadRequest("INVALID_INPUT", "Invalid discriminatorValue: %v. Use Photo or Theme.", t)
	}
	action := in["actionType"].String
	switch action {
	case "AssociateAvatar":
		if err := checkPhotoURL(in["photoUrl"]); err != nil {
			return err
		}
	case "DisassociateAvatar", "RemoveLogo", "ReportLogo":
	default:
		return invalidAssociation("actionType must be AssociateAvatar, DisassociateAvatar, RemoveLogo or ReportLogo")
	}

	ctx := r.Context()
	o, id, err := h.visibleRecord(r, actor)
	if err != nil {
		return err
	}
	if !h.Engine.CanUpdate(actor, o) {
		return httpx.Forbidden("You do not have access to change the avatar of this record")
	}
	switch action {
	case "AssociateAvatar":
		err = savePhoto(ctx, h.Engine.DB, &photo{RecordID: id, PhotoURL: in["photoUrl"].String,
			ExternalID: in["externalId"], BlueMasterID: in["blueMasterId"], ProfileName: in["profileName"]})
	case "DisassociateAvatar", "RemoveLogo":
		err = removePhoto(ctx, h.Engine.DB, id)
	}
	if err != nil {
		return err
	}
	avatars, err := h.avatarsOf(ctx, actor, recordsapi.Version(r), []string{id})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, avatars[id])
	return nil
}

// checkPhotoURL accepts an absolute http(s) URL or a path on this server: nothing a browser would run.
func checkPhotoURL(v sql.NullString) error {
	if !v.Valid {
		return invalidAssociation("photoUrl is required to associate an avatar")
	}
	u, err := url.Parse(v.String)
	if err != nil || len(v.String) > 2048 ||
		!(u.Scheme == "https" || u.Scheme == "http") && !(u.Scheme == "" && u.Host == "" && strings.HasPrefix(v.String, "/")) {
		return invalidAssociation("photoUrl must be an http or https URL or a path")
	}
	return nil
}

// visibleRecord is the path's record when it exists and the actor sees it (through the engine's query), else 404.
func (h *Handler) visibleRecord(r *http.Request, actor *identity.Principal) (*records.Object, string, error) {
	ctx := r.Context()
	id, ok := records.NormalizeID(r.PathValue("recordId"))
	if !ok {
		return nil, "", recordsapi.NotFound()
	}
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, "", err
	}
	o := cat.ByPrefix(records.KeyPrefix(id))
	if o == nil {
		return nil, "", recordsapi.NotFound()
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: o.APIName,
		Where: &records.Cond{Field: "Id", Op: records.OpEq, Value: id}, PageSize: 1})
	if err != nil {
		return nil, "", err // ErrNotFound becomes the 404 (recordsapi.SignedIn)
	}
	if len(res.Rows) == 0 {
		return nil, "", recordsapi.NotFound()
	}
	return o, id, nil
}
