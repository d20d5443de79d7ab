package avatars_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const ui = "/services/data/v64.0/ui-api"

// client calls the server as one demo user ("" for a guest) through the harness.
type client struct {
	t     *testing.T
	s     *apptest.Server
	token string
}

func signIn(t *testing.T, s *apptest.Server, user string) *client {
	c := &client{t: t, s: s}
	if user != "" {
		c.token = s.Token(t, user)
	}
	return c
}

// reply is an answer: status, headers, raw body and the body decoded when it is JSON.
type reply struct {
	status int
	header http.Header
	body   []byte
	json   any
}

// do sends method path (under the UI API unless it starts with /services or /img) with an optional JSON body.
func (c *client) do(method, path, body string, headers ...string) reply {
	c.t.Helper()
	if !strings.HasPrefix(path, "/services/") && !strings.HasPrefix(path, "/img/") {
		path = ui + path
	}
	r := c.s.Call(c.t, method, path, c.token, body, headers...)
	out := reply{status: r.Status, header: r.Header, body: []byte(r.Body)}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") && r.Body != "" {
		if err := json.Unmarshal(out.body, &out.json); err != nil {
			c.t.Fatalf("%s %s: %d, bad JSON: %s", method, path, r.Status, r.Body)
		}
	}
	return out
}

// ok sends the call, fails unless it answers want, validates the answer against its RAML type (strictly) and
// returns the body as an object.
func (c *client) ok(want int, method, path, body string) map[string]any {
	c.t.Helper()
	r := c.do(method, path, body)
	if r.status != want {
		c.t.Fatalf("%s %s: %d %s, want %d", method, path, r.status, r.body, want)
	}
	uiapitest.CheckResponseStrict(c.t, method, ui+strings.SplitN(path, "?", 2)[0], r.status, r.body)
	m, _ := r.json.(map[string]any)
	return m
}

// fails checks a read-error answer: the status and one [{errorCode, message}] whose message starts as given.
func (c *client) fails(status int, code, message, method, path, body string) {
	c.t.Helper()
	r := c.do(method, path, body)
	list, _ := r.json.([]any)
	if r.status != status || len(list) != 1 {
		c.t.Fatalf("%s %s: %d %s, want %d %s", method, path, r.status, r.body, status, message)
	}
	item := list[0].(map[string]any)
	if item["errorCode"] != code || !strings.HasPrefix(item["message"].(string), message) {
		c.t.Fatalf("%s %s: %s, want %s %q", method, path, r.body, code, message)
	}
}

// create makes a record through the UI API and returns its id.
func (c *client) create(apiName, fields string) string {
	c.t.Helper()
	r := c.do("POST", "/records", `{"apiName":"`+apiName+`","fields":`+fields+`}`)
	if r.status != http.StatusCreated {
		c.t.Fatalf("create %s: %d %s", apiName, r.status, r.body)
	}
	return r.json.(map[string]any)["id"].(string)
}
