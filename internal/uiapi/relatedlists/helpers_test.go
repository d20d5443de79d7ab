package relatedlists_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const uiAPI = "/services/data/v64.0/ui-api/"

// client sends UI API calls as one signed-in user ("" token: a guest).
type client struct {
	t     *testing.T
	s     *apptest.Server
	token string
}

func newClient(t *testing.T, s *apptest.Server, user string) *client {
	t.Helper()
	c := &client{t: t, s: s}
	if user != "" {
		c.token = s.Token(t, user)
	}
	return c
}

// do sends the call through the harness and returns its status and body.
func (c *client) do(method, path, body string) (int, []byte) {
	c.t.Helper()
	r := c.s.Call(c.t, method, uiAPI+path, c.token, body)
	return r.Status, []byte(r.Body)
}

// Checks of a response against its call's RAML type.
const (
	strict    = iota // undeclared properties are errors
	lenient          // undeclared properties are allowed (columnLabels, which api.raml lacks)
	unchecked        // not checked: a batch with failed items, whose result is the read-error list api.raml lacks
)

// call sends the call, asserts its status, checks the body against the call's RAML type (strictly unless told
// otherwise) and decodes it.
func (c *client) call(method, path, body string, status int, check ...int) map[string]any {
	c.t.Helper()
	got, out := c.do(method, path, body)
	if got != status {
		c.t.Fatalf("%s %s: status %d, want %d: %.600s", method, path, got, status, out)
	}
	switch mode := append(check, strict)[0]; mode {
	case strict:
		uiapitest.CheckResponseStrict(c.t, method, uiAPI+path, got, out)
	case lenient:
		uiapitest.CheckResponse(c.t, method, uiAPI+path, got, out)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		c.t.Fatalf("%s %s: %v: %.300s", method, path, err, out)
	}
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return map[string]any{"list": v}
}

// refused sends a call that must fail with status and the read-error list's code and message.
func (c *client) refused(method, path, body string, status int, code, message string) {
	c.t.Helper()
	got, out := c.do(method, path, body)
	if got != status {
		c.t.Fatalf("%s %s: status %d, want %d: %.600s", method, path, got, status, out)
	}
	uiapitest.CheckResponseStrict(c.t, method, uiAPI+path, got, out)
	var errs []struct{ ErrorCode, Message string }
	if err := json.Unmarshal(out, &errs); err != nil || len(errs) != 1 {
		c.t.Fatalf("%s %s: want one error, got %v: %s", method, path, err, out)
	}
	if errs[0].ErrorCode != code || (message != "" && errs[0].Message != message) {
		c.t.Errorf("%s %s: error %s %q, want %s %q", method, path, errs[0].ErrorCode, errs[0].Message, code, message)
	}
}

// create makes a record through the UI API and returns its id.
func (c *client) create(object string, fields map[string]any) string {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"apiName": object, "fields": fields})
	status, out := c.do("POST", "records", string(body))
	var rec struct{ ID string }
	if err := json.Unmarshal(out, &rec); status != http.StatusCreated || err != nil {
		c.t.Fatalf("create %s: status %d: %s", object, status, out)
	}
	return rec.ID
}
