package records_test

import (
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/identity"
)

// client calls the UI API of a demo store as one signed-in user.
type client struct {
	t     *testing.T
	s     *apptest.Server
	token string
}

const base = "/services/data/v64.0/ui-api"

func signIn(t *testing.T, s *apptest.Server, user string) *client {
	return &client{t: t, s: s, token: s.Token(t, user)}
}

// reply is an answer: status, raw body and the body decoded (nil when empty).
type reply struct {
	status int
	body   []byte
	json   any
}

func (r reply) obj(t *testing.T) map[string]any {
	t.Helper()
	m, ok := r.json.(map[string]any)
	if !ok {
		t.Fatalf("status %d: not an object: %s", r.status, r.body)
	}
	return m
}

// do sends method path (under the UI API, or a full /services path) with an optional JSON body, then header pairs,
// through the harness.
func (c *client) do(method, path string, bodyAndHeaders ...string) reply {
	c.t.Helper()
	var body string
	var headers []string
	if len(bodyAndHeaders) > 0 {
		body, headers = bodyAndHeaders[0], bodyAndHeaders[1:]
	}
	if !strings.HasPrefix(path, "/services/") {
		path = base + path
	}
	r := c.s.Call(c.t, method, path, c.token, body, headers...)
	out := reply{status: r.Status, body: []byte(r.Body)}
	if r.Body != "" {
		if err := json.Unmarshal(out.body, &out.json); err != nil {
			c.t.Fatalf("%s %s: %d, not JSON: %s", method, path, r.Status, r.Body)
		}
	}
	return out
}

// harness is the answer as the harness's Reply, for its checks; a reply a test made of decoded JSON alone (an
// item of a batch, say) gets that JSON as its body.
func (r reply) harness() apitest.Reply {
	body := string(r.body)
	if body == "" && r.json != nil {
		body = apitest.JSON(r.json)
	}
	return apitest.Reply{Status: r.status, Body: body}
}

// want checks an exact status and JSON body (the harness's WantEqual).
func want(t *testing.T, got reply, status int, body string) {
	t.Helper()
	got.harness().WantEqual(t, "", status, body)
}

// wantStatus checks the status alone, showing the body when it differs.
func wantStatus(t *testing.T, got reply, status int) {
	t.Helper()
	got.harness().WantStatus(t, "", status)
}

// create makes a record through the API and returns its id.
func (c *client) create(apiName, fields string) string {
	c.t.Helper()
	r := c.do("POST", "/records", `{"apiName":"`+apiName+`","fields":`+fields+`}`)
	wantStatus(c.t, r, 201)
	return r.obj(c.t)["id"].(string)
}

// example is a real response of contracts/uiapi/examples, copied into testdata.
func example(t *testing.T, file string) map[string]any {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func keys(m any) []string {
	var out []string
	for k := range m.(map[string]any) {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sameKeys checks that got has exactly the keys of the example, and the same JSON kind (or null) for each.
func sameKeys(t *testing.T, what string, got, example any) {
	t.Helper()
	if !reflect.DeepEqual(keys(got), keys(example)) {
		t.Fatalf("%s keys %v, want %v", what, keys(got), keys(example))
	}
	g, e := got.(map[string]any), example.(map[string]any)
	for k, ev := range e {
		if ev != nil && g[k] != nil && reflect.TypeOf(ev) != reflect.TypeOf(g[k]) {
			t.Fatalf("%s.%s is %T, want %T", what, k, g[k], ev)
		}
	}
}

// path digs into decoded JSON: keys of objects, indexes of arrays as ints.
func path(v any, steps ...any) any {
	for _, s := range steps {
		switch k := s.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

// systemFor is the engine's principal for a user, for reading per-user state directly.
func systemFor(userID string) *identity.Principal {
	return &identity.Principal{UserID: userID, Staff: true}
}
