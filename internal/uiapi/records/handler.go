// Package records serves the records group of the UI API (v64.0): a record with fields, relationship paths and
// child relationships, batches of records, create, update and delete with their query flags and preconditions,
// batch write operations, and the record defaults and templates for create and clone. Every read goes through the
// records engine (its query API for paths and child lists), every write through its create, update and delete, so
// visibility, field-level security and the rules in hooks apply as they do everywhere else. The wrapper, error
// bodies and record representation are package recordsapi's.
package records

import (
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler holds what the records routes need.
type Handler struct {
	Engine *engine.Engine
	// LayoutFields picks the fields a layout type shows; nil is DefaultLayoutFields (the layouts group sets its own).
	LayoutFields LayoutFieldsFunc
	// ObjectInfo is the object-info representation of an object for the caller (the metadata group's), answered
	// inside record defaults and templates.
	ObjectInfo func(cat *engine.Catalog, actor *identity.Principal, o *engine.Object) any
}

// LayoutFieldsFunc lists the fields of o that the layout type (Full, Compact) shows in the mode (View, Edit,
// Create) to the actor.
type LayoutFieldsFunc func(e *engine.Engine, actor *identity.Principal, o *engine.Object, layoutType, mode string) []*engine.Field

// DefaultLayoutFields stands in for layouts until they are generated: Full is every readable field with a column,
// Compact the name fields and the Id, whatever the mode.
func DefaultLayoutFields(e *engine.Engine, actor *identity.Principal, o *engine.Object, layoutType, mode string) []*engine.Field {
	var out []*engine.Field
	for _, f := range recordsapi.ReadableFields(e, actor, o) {
		compact := strings.EqualFold(layoutType, "Compact") && (f.NameField || f.APIName == "Id")
		if f.HasColumn() && (strings.EqualFold(layoutType, "Full") || compact) {
			out = append(out, f)
		}
	}
	return out
}

func (h *Handler) layoutFields() LayoutFieldsFunc {
	if h.LayoutFields != nil {
		return h.LayoutFields
	}
	return DefaultLayoutFields
}

// Limits of the group, as the real API has them.
const (
	// DefaultChildPageSize and MaxChildPageSize bound a child relationship's page (pageSize).
	DefaultChildPageSize = 5
	MaxChildPageSize     = 200
	// MaxBatchIDs is the most record ids a batch read names, and MaxBatchRecords the most records a batch write
	// touches.
	MaxBatchIDs     = 200
	MaxBatchRecords = 200
	// MaxPathLevels is the most names a field path has after its object (Account.Owner.Manager...Name).
	MaxPathLevels = 6
)

// boolParam reads an optional boolean query parameter (true or false, any case).
func boolParam(r *http.Request, name string) (bool, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(strings.ToLower(v))
	if err != nil {
		return false, httpx.BadRequest("INVALID_INPUT", "Invalid value for %s: %s. Specify true or false.", name, v)
	}
	return b, nil
}

// pageSizeParam reads pageSize: a whole number from 1 to max, def when absent.
func pageSizeParam(r *http.Request, def, max int) (int, error) {
	v := r.URL.Query().Get("pageSize")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, httpx.BadRequest("INVALID_INPUT", "pageSize must be a whole number from 1 to %d: %s", max, v)
	}
	return n, nil
}

// list reads a comma-separated, possibly repeated, query parameter.
func list(r *http.Request, name string) []string { return recordsapi.SplitList(r.URL.Query()[name]...) }

func itoa(n int) string { return strconv.Itoa(n) }
