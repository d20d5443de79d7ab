// Package metadata serves the metadata and layouts group of the UI API (v64.0): object info (one, a batch, the
// directory), picklist values by record type and by field, record layouts generated from the metadata (and the
// administrator's stored edits of them), each user's layout section state, path layouts, and record-ui (layouts,
// object infos and records in one answer). Rights and field-level security come from the records engine, so what
// a layout says is editable is what a write would accept. The wrapper and error bodies are package recordsapi's.
package metadata

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// uiBase is the path every call of the group lives under (the app's routing table lists them).
const uiBase = "/services/data/v64.0/ui-api"

// Handler holds what the routes need: the engine (metadata, rights, records) and its database (stored layouts and
// layout user states).
type Handler struct {
	Engine *records.Engine
}

// object is the object named by the path's objectApiName, or NOT_FOUND when it is unknown or the actor may not
// read it (the answer never tells which).
func (h *Handler) object(r *http.Request, cat *records.Catalog, actor *identity.Principal) (*records.Object, error) {
	o := cat.Object(r.PathValue("objectApiName"))
	if o == nil || !h.Engine.CanRead(actor, o) {
		return nil, recordsapi.NotFound()
	}
	return o, nil
}

// eTag is the opaque hash of a representation, computed before its own eTag is set.
func eTag(v any) string {
	b, _ := json.Marshal(v)
	sum := md5.Sum(b)
	return hex.EncodeToString(sum[:])
}

// invalidInput is the 400 the group answers for a query parameter or body it cannot take.
func invalidInput(format string, args ...any) error {
	return httpx.BadRequest("INVALID_INPUT", format, args...)
}

// strPtr is s as a nullable string: nil when empty.
func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func itoa(n int) string { return strconv.Itoa(n) }
