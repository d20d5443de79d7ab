package avatars_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const ui = "/services/data/v64.0/ui-api"

// client calls the server as one demo user ("" for a guest).
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
	req, err := http.NewRequest(method, c.s.URL+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := reply{status: res.StatusCode, header: res.Header, body: b}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") && len(b) > 0 {
		if err := json.Unmarshal(b, &out.json); err != nil {
			c.t.Fatalf("%s %s: %d, bad JSON: %s", method, path, res.StatusCode, b)
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

func decode(res *http.Response, v any) error { return json.NewDecoder(res.Body).Decode(v) }
