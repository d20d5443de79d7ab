package metadata

import (
	"context"
	"net/http"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// GET /ui-api/layout/{objectApiName}: the layout of an object for a layout type, mode and record type, as the
// caller sees it, and what the other calls of the group (user state, path, record-ui) and the records group
// (layoutTypes) read through it.

// layoutKey names one layout: the object's, of a type, in a mode, for a record type.
type layoutKey struct {
	layoutType, mode, recordTypeID string
}

// layoutParams reads layoutType (Full), mode (View), recordTypeId (the object's default) and formFactor (Large).
func layoutParams(r *http.Request, o *records.Object) (layoutKey, error) {
	q := r.URL.Query()
	key := layoutKey{layoutType: q.Get("layoutType"), mode: q.Get("mode")}
	if err := oneOf(&key.layoutType, "layoutType", layoutTypes); err != nil {
		return key, err
	}
	if err := oneOf(&key.mode, "mode", modes); err != nil {
		return key, err
	}
	ff := q.Get("formFactor")
	if err := oneOf(&ff, "formFactor", formFactors); err != nil {
		return key, err
	}
	rt, err := recordType(o, q.Get("recordTypeId"))
	key.recordTypeID = rt.ID
	return key, err
}

// oneOf checks a parameter against its allowed values (any case), setting it to the first one when absent.
func oneOf(v *string, name string, allowed []string) error {
	if *v == "" {
		*v = allowed[0]
		return nil
	}
	for _, a := range allowed {
		if strings.EqualFold(*v, a) {
			*v = a
			return nil
		}
	}
	return invalidInput("Invalid %s: %s. Specify one of %s.", name, *v, strings.Join(allowed, ", "))
}

// Layout is the layout of o the actor sees: the administrator's stored one for its type and record type, or the
// one generated from the metadata.
func (h *Handler) Layout(ctx context.Context, actor *identity.Principal, o *records.Object, key layoutKey) (*RecordLayout, error) {
	plan, err := h.storedPlan(ctx, o, key)
	if err != nil {
		return nil, err
	}
	if plan == nil {
		plan = generatedPlan(o, key.layoutType, key.mode)
	}
	return h.render(actor, o, key, plan), nil
}

// GetLayout answers GET /ui-api/layout/{objectApiName}.
func (h *Handler) GetLayout(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	o, err := h.object(r, cat, actor)
	if err != nil {
		return err
	}
	key, err := layoutParams(r, o)
	if err != nil {
		return err
	}
	layout, err := h.Layout(r.Context(), actor, o, key)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, layout)
	return nil
}

// LayoutFields lists the fields (with a column) of o's layout of the type and mode, for the record type, that the
// actor may read: what a record read with layoutTypes returns (GET /ui-api/records/{id}, record-ui). recordTypeID
// "" is the object's default record type; a layout type or mode not served is 400.
func (h *Handler) LayoutFields(ctx context.Context, actor *identity.Principal, o *records.Object, layoutType, mode, recordTypeID string) ([]*records.Field, error) {
	key := layoutKey{layoutType: layoutType, mode: mode}
	for _, check := range []error{oneOf(&key.layoutType, "layoutType", layoutTypes), oneOf(&key.mode, "mode", modes)} {
		if check != nil {
			return nil, check
		}
	}
	rt, err := recordType(o, recordTypeID)
	if err != nil {
		return nil, err
	}
	key.recordTypeID = rt.ID
	layout, err := h.Layout(ctx, actor, o, key)
	if err != nil {
		return nil, err
	}
	return fieldsOf(o, layout), nil
}

// fieldsOf are the fields of a layout's components.
func fieldsOf(o *records.Object, layout *RecordLayout) []*records.Field {
	var out []*records.Field
	for _, name := range layoutFieldNames(o, layout) {
		out = append(out, o.Field(name))
	}
	return out
}

// layoutFieldNames are the API names of the fields a layout shows, in order, without repeats.
func layoutFieldNames(o *records.Object, layout *RecordLayout) []string {
	var names []string
	for _, s := range layout.Sections {
		for _, row := range s.LayoutRows {
			for _, item := range row.LayoutItems {
				for _, c := range item.LayoutComponents {
					if c.ComponentType == componentField && c.APIName != nil {
						if f := o.Field(*c.APIName); f != nil && f.HasColumn() {
							names = appendNew(names, f.APIName)
						}
					}
				}
			}
		}
	}
	return names
}

// RecordLayoutFields is LayoutFields in the shape of the records group's hook (uiapi/records.LayoutFieldsFunc:
// the default record type, no context or error of its own). Like the engine's rights checks, it reads the stored
// layout under a bounded context of its own; should that read fail, the generated layout's fields stand in (still
// only those the caller may read).
func (h *Handler) RecordLayoutFields(_ *records.Engine, actor *identity.Principal, o *records.Object, layoutType, mode string) []*records.Field {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	fields, err := h.LayoutFields(ctx, actor, o, layoutType, mode, "")
	if err == nil {
		return fields
	}
	rt, _ := recordType(o, "")
	key := layoutKey{layoutType: layoutType, mode: mode, recordTypeID: rt.ID}
	if oneOf(&key.layoutType, "layoutType", layoutTypes) != nil || oneOf(&key.mode, "mode", modes) != nil {
		return nil
	}
	return fieldsOf(o, h.render(actor, o, key, generatedPlan(o, key.layoutType, key.mode)))
}
