package graphql_test

import (
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// client is one signed-in caller of the demo store.
type client struct {
	t     *testing.T
	s     *apptest.Server
	token string
}

func as(t *testing.T, s *apptest.Server, username string) *client {
	return &client{t: t, s: s, token: s.Token(t, username)}
}

// call sends a request with the caller's bearer token through the harness: the status and the decoded JSON body
// (numbers kept as json.Number).
func (c *client) call(method, path, body string) (int, map[string]any, string) {
	c.t.Helper()
	r := c.s.Call(c.t, method, path, c.token, body)
	var out map[string]any
	dec := json.NewDecoder(strings.NewReader(r.Body))
	dec.UseNumber()
	_ = dec.Decode(&out)
	return r.Status, out, r.Body
}

// gql sends a GraphQL document (200 expected) and returns the answer.
func (c *client) gql(query string, vars map[string]any) map[string]any {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	status, out, raw := c.call("POST", "/services/data/v64.0/graphql", string(body))
	if status != 200 {
		c.t.Fatalf("graphql %d: %s", status, raw)
	}
	return out
}

// data is a successful answer's data at a path of keys and indexes; the test fails on errors.
func (c *client) data(query string, vars map[string]any, path ...any) any {
	c.t.Helper()
	out := c.gql(query, vars)
	if out["errors"] != nil {
		c.t.Fatalf("errors: %v\nquery: %s", out["errors"], query)
	}
	return apitest.Dig(out["data"], path...)
}

// soql is every record of a SOQL query, through all its pages.
func (c *client) soql(q string) []map[string]any {
	c.t.Helper()
	path := "/services/data/v64.0/query?q=" + url.QueryEscape(q)
	var out []map[string]any
	for path != "" {
		status, page, raw := c.call("GET", path, "")
		if status != 200 {
			c.t.Fatalf("soql %q: %d %s", q, status, raw)
		}
		for _, r := range page["records"].([]any) {
			out = append(out, r.(map[string]any))
		}
		path, _ = page["nextRecordsUrl"].(string)
	}
	return out
}

// soqlIDs is the ids a SOQL query selects, in order.
func (c *client) soqlIDs(q string) []string {
	var ids []string
	for _, r := range c.soql(q) {
		ids = append(ids, r["Id"].(string))
	}
	return ids
}

// nodeIDs is the ids of a connection's nodes, in order.
func nodeIDs(conn any) []string {
	ids := []string{}
	for _, e := range apitest.Dig(conn, "edges").([]any) {
		ids = append(ids, apitest.Dig(e, "node", "Id").(string))
	}
	return ids
}

// connIDs asks for every node of an object's connection (through all pages, first per page) with the given
// arguments and returns their ids in order.
func (c *client) connIDs(object, args string, first int) []string {
	c.t.Helper()
	var ids []string
	after := ""
	for page := 0; ; page++ {
		q := `query($first: Int, $after: String) { uiapi { query { ` + object + `(first: $first, after: $after` + args +
			`) { edges { node { Id } } pageInfo { hasNextPage endCursor } totalCount } } } }`
		vars := map[string]any{"first": first}
		if after != "" {
			vars["after"] = after
		}
		conn := c.data(q, vars, "uiapi", "query", object)
		ids = append(ids, nodeIDs(conn)...)
		if apitest.Dig(conn, "pageInfo", "hasNextPage") != true || page > 100 {
			return ids
		}
		after = apitest.Dig(conn, "pageInfo", "endCursor").(string)
	}
}

func sameIDs(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: graphql %d ids %v\nsoql %d ids %v", what, len(got), head(got), len(want), head(want))
	}
}

func head(ids []string) []string { return ids[:min(len(ids), 8)] }
