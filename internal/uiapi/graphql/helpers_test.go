package graphql_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"storefront/internal/app/apptest"
)

// post sends a GraphQL query as a bearer client and returns the status and raw body.
func post(t *testing.T, s *apptest.Server, token, query string, vars map[string]any) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest("POST", s.URL+"/services/data/v64.0/graphql", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
