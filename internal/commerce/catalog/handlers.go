// Package catalog serves the storefront's catalog calls under /commerce/webstores/{webstoreId}/: product detail and
// availability, products by id or SKU, product prices (one and many), and the category tree (children, path,
// detail). Every call loads the store, applies the guest-browsing rule, resolves the effective account and answers
// only what that account (or the guest) is entitled to see, with the prices of its buyer groups (package pricing).
package catalog

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Handlers serves the catalog calls.
type Handlers struct {
	DB       *db.DB
	Registry *records.Registry // Product2 and ProductCategory field metadata, custom fields included
	// q runs the calls' fixed reads as prepared statements. Reads whose text depends on the request (a fields
	// list) go to DB.
}

// New returns the catalog handlers over d.
func New(d *db.DB, reg *records.Registry) *Handlers {
	return &Handlers{DB: d, Registry: reg}
}

// Cache policies. Products, prices and stock depend on who asks (entitlement, price books), and the same URL
// answers a guest and, after sign-in, a buyer: the browser must ask again every time (the client data layer keeps
// its own cache by TTL). The category tree is the same for everyone who may browse: a minute's private reuse.
const (
	perCaller  = "private, no-cache"
	categories = "private, max-age=60"
)

// shopperFor is the commerce preamble (storecontext.ShopperFor).
func (h *Handlers) shopperFor(r *http.Request) (*storecontext.Shopper, error) {
	return storecontext.ShopperFor(r, h.DB)
}

// remembered answers r from memory, or runs build and keeps its answer (storecontext.Remember): the product page and
// the category calls read rows of the catalog domain only.
func (h *Handlers) remembered(w http.ResponseWriter, r *http.Request, build func(http.ResponseWriter, *http.Request) error) error {
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	return storecontext.Remember(w, r, h.DB, s, nil, func(w http.ResponseWriter) error { return build(w, r) })
}

// Ids in paths and parameters: an id that cannot be a record id at all (wrong length, characters outside base62,
// a wrong case-safe suffix) is the caller's mistake, 400 INVALID_ID_FIELD, as for effectiveAccountId. A
// well-formed id of another object, or of a record that does not exist or that the caller may not see, is 404
// ITEM_NOT_FOUND: the answer never tells an unentitled buyer that the product exists.

func parseID(raw, param string) (string, error) {
	id, ok := records.NormalizeID(raw)
	if !ok {
		return "", httpx.BadRequest("INVALID_ID_FIELD", "%s %q is not a valid id.", param, httpx.Clip(raw))
	}
	return id, nil
}

func itemNotFound(format string, args ...any) *httpx.Error {
	return httpx.Errorf(http.StatusNotFound, "ITEM_NOT_FOUND", format, args...)
}

// invalidInput is a 400 for a query parameter or body value of the wrong form or size.
func invalidInput(format string, args ...any) *httpx.Error {
	return httpx.BadRequest("INVALID_API_INPUT", format, args...)
}

// boolParam reads a Boolean query parameter: absent or blank is false; true/false in any case; anything else 400.
func boolParam(q url.Values, name string) (bool, error) {
	v := strings.TrimSpace(q.Get(name))
	switch {
	case v == "", strings.EqualFold(v, "false"):
		return false, nil
	case strings.EqualFold(v, "true"):
		return true, nil
	}
	return false, invalidInput("The %s parameter must be true or false, not %q.", name, httpx.Clip(v))
}

// listParam reads a comma-separated list parameter (repeated parameters add to it), dropping blanks. More than max
// entries, or an entry longer than maxLen characters, is 400.
func listParam(q url.Values, name string, max, maxLen int) ([]string, error) {
	var out []string
	for _, v := range q[name] {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if len(part) > maxLen {
				return nil, invalidInput("A %s entry is longer than %d characters: %q.", name, maxLen, httpx.Clip(part))
			}
			out = append(out, part)
			if len(out) > max {
				return nil, invalidInput("The %s parameter takes at most %d entries.", name, max)
			}
		}
	}
	return out, nil
}

// catalogSQL restricts a query over productcategory (aliased c) to the categories of the store's catalogs.
const catalogSQL = `c.catalogid IN (SELECT sc.productcatalogid FROM webstorecatalog sc WHERE sc.salesstoreid = ?)`

// writeJSON answers 200 with a cache policy.
func writeJSON(w http.ResponseWriter, cache string, v any) {
	w.Header().Set("Cache-Control", cache)
	httpx.WriteJSON(w, http.StatusOK, v)
}

// object returns an object's metadata from the registry.
func (h *Handlers) object(ctx context.Context, apiName string) (*records.Object, error) {
	cat, err := h.Registry.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	o := cat.Object(apiName)
	if o == nil {
		return nil, httpx.Errorf(http.StatusInternalServerError, "UNKNOWN_EXCEPTION", "The %s object is not defined.", apiName)
	}
	return o, nil
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func normalizeID(raw string) (string, bool) { return records.NormalizeID(raw) }
