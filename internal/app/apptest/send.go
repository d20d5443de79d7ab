package apptest

import "testing"

// Send is the harness's Call in the form the records API tests use: the caller's bearer token ("" for a guest)
// first, headers as name, value pairs, and the status and body back.
func (s *Server) Send(t testing.TB, token, method, path, body string, headers ...string) (int, []byte) {
	t.Helper()
	r := s.Call(t, method, path, token, body, headers...)
	return r.Status, []byte(r.Body)
}
