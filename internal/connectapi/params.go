// Package connectapi holds what the Connect REST resources of the site share (/connect/communities/...,
// /connect/sites/..., /connect/cms/...): query parameters read with the Connect API's own error messages, and the
// store behind a community, site or CMS channel id.
package connectapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"storefront/internal/platform/httpx"
)

// InvalidInput is the error code of a request parameter the Connect API refuses.
const InvalidInput = "INVALID_API_INPUT"

// BadInput is a 400 INVALID_API_INPUT with the given message.
func BadInput(format string, args ...any) *httpx.Error {
	return httpx.Errorf(http.StatusBadRequest, InvalidInput, format, args...)
}

// TypeError is the Connect API's answer to a parameter whose value does not parse as its type ("Integer",
// "Boolean"): "The type entered for pageSize isn't valid. Enter the value as a/an Integer."
func TypeError(name, typ string) *httpx.Error {
	return BadInput("The type entered for %s isn't valid. Enter the value as a/an %s.", name, typ)
}

// Query reads a request's query parameters.
type Query struct{ url.Values }

// NewQuery wraps r's query parameters.
func NewQuery(r *http.Request) Query { return Query{r.URL.Query()} }

// Has reports whether the parameter is present with a non-blank value.
func (q Query) Has(name string) bool { return strings.TrimSpace(q.Get(name)) != "" }

// Bool reads a Boolean parameter ("true" or "false", any case); absent or blank gives def.
func (q Query) Bool(name string, def bool) (bool, error) {
	v := strings.TrimSpace(q.Get(name))
	switch strings.ToLower(v) {
	case "":
		return def, nil
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, TypeError(name, "Boolean")
}

// Int reads an Integer parameter; absent or blank gives def.
func (q Query) Int(name string, def int) (int, error) {
	v := strings.TrimSpace(q.Get(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0, TypeError(name, "Integer")
	}
	return int(n), nil
}

// List reads a comma-separated list parameter (repeated parameters are joined), dropping blanks and repeats.
func (q Query) List(name string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range q.Values[name] {
		for _, part := range strings.Split(v, ",") {
			if p := strings.TrimSpace(part); p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}
