// Package seo answers the SEO properties of the storefront's record pages,
// GET /connect/communities/{communityId}/seo/properties/{recordId}: title, description, canonical and hreflang
// URLs and indexing of a product or category page, plus requested field values of the record. What the caller may
// not see (a product outside its entitlement, a category of another catalog) does not exist for it: 404.
package seo

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/connectapi"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/siteroutes"
)

// Properties is RecordSeoPropertiesRepresentation with the newer fields the storefront reads.
type Properties struct {
	CanonicalURL   string             `json:"canonicalUrl"`
	ComplexFields  map[string]any     `json:"complexFields"`
	CustomHeadTags *string            `json:"customHeadTags"`
	Description    *string            `json:"description"`
	Fields         map[string]*string `json:"fields"`
	HrefLangURLs   map[string]string  `json:"hrefLangUrls"`
	IsSeoIndexed   bool               `json:"isSeoIndexed"`
	ObjectName     string             `json:"objectName"` // the object's label
	RecordID       string             `json:"recordId"`
	RecordName     string             `json:"recordName"`
	Title          string             `json:"title"`
}

// Handlers serves SEO properties.
type Handlers struct {
	DB       *db.DB
	Engine   *records.Engine
	BasePath string
}

// Properties answers GET /connect/communities/{communityId}/seo/properties/{recordId}. Query: fields (comma-separated field API names of the record), effectiveAccountId.
func (h *Handlers) Properties() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		ctx := r.Context()
		store, err := connectapi.StoreByCommunity(ctx, h.DB, r.PathValue("communityId"))
		if err != nil {
			return err
		}
		p := identity.FromContext(ctx)
		if err := storecontext.RequireBrowsing(store, p); err != nil {
			return err
		}
		q := connectapi.NewQuery(r)
		account, err := storecontext.EffectiveAccount(ctx, h.DB, p, q.Get("effectiveAccountId"))
		if err != nil {
			return err
		}
		rec, err := h.record(ctx, r.PathValue("recordId"))
		if err != nil {
			return err
		}
		v := viewer{store: store, staff: p.Staff, guest: p.Guest, account: account}
		indexed, err := v.sees(ctx, h.DB, rec)
		if err != nil {
			return err
		}
		out, err := h.properties(r, store, rec, indexed, q.List("fields"))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "private, max-age=300")
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}

// notFound hides whether an id exists when the caller may not see it.
func notFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no product or category page has the ID %q.", id)
}

// record loads a product or category; any other id is 404.
func (h *Handlers) record(ctx context.Context, rawID string) (*records.Record, error) {
	id, ok := records.NormalizeID(strings.TrimSpace(rawID))
	if !ok || (records.KeyPrefix(id) != productPrefix && records.KeyPrefix(id) != categoryPrefix) {
		return nil, notFound(rawID)
	}
	rec, err := h.Engine.Get(ctx, records.System, id)
	if errors.Is(err, records.ErrNotFound) {
		return nil, notFound(rawID)
	}
	return rec, err
}

func (h *Handlers) properties(r *http.Request, store *storecontext.Store, rec *records.Record, indexed bool,
	fieldNames []string) (*Properties, error) {
	fields, err := fieldValues(rec, fieldNames)
	if err != nil {
		return nil, err
	}
	path := siteroutes.CategoryPath(rec.String("UrlName"), rec.ID)
	if rec.Object.APIName == "Product2" {
		path = siteroutes.ProductPath(rec.String("UrlName"), rec.ID)
	}
	canonical := siteroutes.SiteURL(r, h.BasePath) + path
	name := rec.String("Name")
	out := &Properties{CanonicalURL: canonical, ComplexFields: map[string]any{}, Fields: fields,
		HrefLangURLs: map[string]string{}, IsSeoIndexed: indexed, ObjectName: rec.Object.Label, RecordID: rec.ID,
		RecordName: name, Title: name}
	if d := strings.TrimSpace(rec.String("Description")); d != "" {
		out.Description = &d
	}
	// One language per store here: every hreflang points at the canonical page.
	for _, lang := range []string{store.DefaultLanguage} {
		out.HrefLangURLs[strings.ReplaceAll(lang, "_", "-")] = canonical
	}
	return out, nil
}

// fieldValues reads the requested fields of the record as strings (numbers in their exact form, booleans as
// "true"/"false", empty values null). A name that is not a readable field of the object is 400 INVALID_FIELD.
func fieldValues(rec *records.Record, names []string) (map[string]*string, error) {
	out := map[string]*string{}
	for _, name := range names {
		f := rec.Object.Field(name)
		if f == nil || f.Hidden || !f.HasColumn() {
			return nil, httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity '%s'.", name, rec.Object.APIName)
		}
		v := records.WireValue(f, rec.Values[f.APIName])
		if v == nil {
			out[f.APIName] = nil
			continue
		}
		s := fmt.Sprint(v)
		out[f.APIName] = &s
	}
	return out, nil
}
