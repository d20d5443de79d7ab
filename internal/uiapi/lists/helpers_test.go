package lists_test

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

const ui = "/services/data/v64.0/ui-api/"

// client calls the UI API over real HTTP as one demo user ("" for a guest).
type client struct {
	s     *apptest.Server
	token string
}

func newClient(t *testing.T, s *apptest.Server, user string) *client {
	c := &client{s: s}
	if user != "" {
		c.token = s.Token(t, user)
	}
	return c
}

// do sends the call through the harness (a body that is not a string goes as JSON) and decodes the JSON answer
// (nil for an empty body).
func (c *client) do(t *testing.T, method, path string, body any) (int, any) {
	t.Helper()
	text, ok := body.(string)
	if !ok && body != nil {
		text = apitest.JSON(body)
	}
	r := c.s.Call(t, method, ui+path, c.token, text)
	var out any
	if r.Body != "" {
		if err := json.Unmarshal([]byte(r.Body), &out); err != nil {
			t.Fatalf("%s %s: not JSON: %s", method, path, r.Body)
		}
	}
	return r.Status, out
}

// must sends the call and fails unless it answers want; it returns the body as an object.
func (c *client) must(t *testing.T, want int, method, path string, body any) map[string]any {
	t.Helper()
	status, out := c.do(t, method, path, body)
	if status != want {
		t.Fatalf("%s %s: status %d, want %d: %v", method, path, status, want, out)
	}
	m, _ := out.(map[string]any)
	return m
}

// fails sends the call and checks the read-error body: [{errorCode, message}] with the message starting as given.
func (c *client) fails(t *testing.T, want int, code, message, method, path string, body any) {
	t.Helper()
	status, out := c.do(t, method, path, body)
	list, _ := out.([]any)
	if status != want || len(list) != 1 {
		t.Fatalf("%s %s: status %d body %v, want %d", method, path, status, out, want)
	}
	item := list[0].(map[string]any)
	if item["errorCode"] != code || !strings.HasPrefix(item["message"].(string), message) {
		t.Fatalf("%s %s: error %v, want %s %q...", method, path, item, code, message)
	}
}

// example reads a copy of a real response (shared/contracts/uiapi/examples).
func example(t *testing.T, name string) map[string]any {
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// v64Keys are keys API versions after the examples' (v55) added to the list info.
var v64Keys = map[string]bool{"listShares": true, "scope": true, "searchable": true}

// sameShape checks that got has every key of want, with the same JSON kind where want's is not null, and no other
// key than the v64 additions; nested objects are compared alike (the records' field maps are data, not shape).
func sameShape(t *testing.T, where string, got, want map[string]any) {
	t.Helper()
	for k, wv := range want {
		gv, ok := got[k]
		if !ok {
			t.Errorf("%s: missing key %s", where, k)
			continue
		}
		if wv != nil && gv != nil && kind(wv) != kind(gv) {
			t.Errorf("%s.%s: %s, want %s", where, k, kind(gv), kind(wv))
		}
		if k == "fields" || k == "columnWidths" || k == "columnWrap" {
			continue
		}
		if wm, ok := wv.(map[string]any); ok {
			if gm, ok := gv.(map[string]any); ok {
				sameShape(t, where+"."+k, gm, wm)
			}
		}
		if wl, ok := wv.([]any); ok && len(wl) > 0 {
			if gl, ok := gv.([]any); ok && len(gl) > 0 {
				wm, ok1 := wl[0].(map[string]any)
				gm, ok2 := gl[0].(map[string]any)
				if ok1 && ok2 {
					sameShape(t, where+"."+k+"[0]", gm, wm)
				}
			}
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok && !v64Keys[k] {
			t.Errorf("%s: unexpected key %s", where, k)
		}
	}
}

func kind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}

// apiNames lists the apiName of each summary of a ListViewSummaryCollection.
func apiNames(m map[string]any) []string {
	var out []string
	for _, l := range m["lists"].([]any) {
		out = append(out, l.(map[string]any)["apiName"].(string))
	}
	sort.Strings(out)
	return out
}

// recordField is a record's field value in a RecordRepresentation.
func recordField(rec any, name string) any {
	f, _ := rec.(map[string]any)["fields"].(map[string]any)[name].(map[string]any)
	return f["value"]
}
