package metadata_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const ui = "/services/data/v64.0/ui-api"

// client calls the API over HTTP as one demo user, through the app's scenario harness (apitest).
type client struct {
	t  *testing.T
	s  *apptest.Server
	as apitest.Principal
}

func as(t *testing.T, s *apptest.Server, username string) *client {
	return &client{t: t, s: s, as: apitest.User(username)}
}

// call sends a request under /services/data/v64.0/ui-api and answers the status, the decoded body and the raw one.
// Every answer is checked strictly against its RAML type (errors against the wire's error shapes), unless api.raml
// has no such call (the path layout, an administrator's layout edit).
func (c *client) call(method, path, body string) (int, any, string) {
	c.t.Helper()
	r := c.s.Do(c.t, apitest.Request{As: c.as, Method: method, Path: ui + path, Body: body})
	var out any
	dec := json.NewDecoder(strings.NewReader(r.Body))
	dec.UseNumber()
	_ = dec.Decode(&out)
	spec, err := uiapitest.Default()
	if err != nil {
		c.t.Fatal(err)
	}
	if r.Status >= 400 || spec.Find(method, ui+path) != nil {
		uiapitest.CheckResponseStrict(c.t, method, ui+path, r.Status, []byte(r.Body))
	}
	return r.Status, out, r.Body
}

// get is a GET that must answer 200: its decoded body.
func (c *client) get(path string) map[string]any {
	c.t.Helper()
	status, out, raw := c.call("GET", path, "")
	if status != http.StatusOK {
		c.t.Fatalf("GET %s: %d %s", path, status, raw)
	}
	return out.(map[string]any)
}

// refused checks that a call answers the status with the UI API's read-error list naming the code and a message
// that contains message.
func (c *client) refused(method, path, body string, status int, code, message string) {
	c.t.Helper()
	got, out, raw := c.call(method, path, body)
	list, _ := out.([]any)
	if got != status || len(list) != 1 || apitest.Dig(list, 0, "errorCode") != code ||
		!strings.Contains(apitest.Dig(list, 0, "message").(string), message) {
		c.t.Fatalf("%s %s: %d %s, want %d %s %q", method, path, got, raw, status, code, message)
	}
}

// keys are an object's keys, sorted.
func keys(v any) []string {
	m, _ := v.(map[string]any)
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestMetadataGroup walks the group's calls on one demo store per database.
func TestMetadataGroup(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		t.Run("object info", func(t *testing.T) { checkObjectInfo(t, s) })
		t.Run("picklists", func(t *testing.T) { checkPicklists(t, s) })
		t.Run("layouts", func(t *testing.T) { checkLayouts(t, s) })
		t.Run("layout fields", func(t *testing.T) { checkLayoutFields(t, s) })
		t.Run("layout edits", func(t *testing.T) { checkLayoutEdits(t, s) })
		t.Run("user state", func(t *testing.T) { checkUserState(t, s) })
		t.Run("path layout", func(t *testing.T) { checkPathLayout(t, s) })
		t.Run("record ui", func(t *testing.T) { checkRecordUI(t, s) })
	})
}

// jsonNumber is n as decoded with UseNumber.
func jsonNumber(n int) json.Number { return json.Number(strconv.Itoa(n)) }
