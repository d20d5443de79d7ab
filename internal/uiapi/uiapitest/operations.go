package uiapitest

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// versionPrefix is the REST base of every served version. api.raml's paths are relative to its baseUri
// (/services/data/v55.0); ours are served under /services/data/v64.0, so the prefix is dropped before matching.
var versionPrefix = regexp.MustCompile(`^/services/data/v\d+\.\d+`)

// Find returns the operation of method whose RAML path fits path, or nil. path may be a template from the spec
// ("/ui-api/records/{recordId}", parameter names need not match the RAML's) or a concrete request path
// ("/services/data/v64.0/ui-api/records/001...?fields=Account.Name"). Literal segments win over parameters, so
// /ui-api/records/batch/{recordIds} is not taken for /ui-api/records/{recordId}.
func (s *Spec) Find(method, path string) *Operation {
	want := segments(path)
	var best *Operation
	bestScore := -1
	for _, op := range s.Ops {
		if op.Method != strings.ToUpper(method) {
			continue
		}
		if score, ok := matchPath(segments(op.Path), want); ok && score > bestScore {
			best, bestScore = op, score
		}
	}
	return best
}

// segments splits a path without its version prefix and query string.
func segments(path string) []string {
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	path = versionPrefix.ReplaceAllString(path, "")
	return strings.Split(strings.Trim(path, "/"), "/")
}

// typedParams are RAML path parameters that share a position with another parameter on the same route, told
// apart the way Salesforce routes them: /ui-api/list-ui/{listViewId} takes a list view id (key prefix 00B),
// /ui-api/list-ui/{objectApiName} anything else.
var typedParams = map[string]string{"{listViewId}": "00B"}

// matchPath fits a concrete or template path to a RAML template and scores it by the literal segments matched.
func matchPath(template, path []string) (int, bool) {
	if len(template) != len(path) {
		return 0, false
	}
	score := 0
	for i, seg := range template {
		switch {
		case isParam(seg):
			if path[i] == "" {
				return 0, false
			}
			if prefix, typed := typedParams[seg]; typed {
				if path[i] != seg && !strings.HasPrefix(path[i], prefix) {
					return 0, false
				}
				score++
			}
		case seg == path[i]:
			score++
		default:
			return 0, false
		}
	}
	return score, true
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

// ResponseType is the RAML type of the operation's JSON response for a status. The RAML gives most writes a
// '200' response where the wire answers 201 (or the other way round), so any 2xx status falls back to the
// operation's other 2xx response type.
func (op *Operation) ResponseType(status int) *Type {
	if t := op.Responses[strconv.Itoa(status)]; t != nil {
		return t
	}
	if status < 200 || status > 299 {
		return nil
	}
	for _, code := range sortedKeys(op.Responses) {
		if strings.HasPrefix(code, "2") {
			return op.Responses[code]
		}
	}
	return nil
}

// CheckResponse fails the test when a UI API response does not have the shape of its RAML type, following
// RAML's rule that objects may carry undeclared properties. method and path name the call as it was made (or as
// the spec writes it); a 204 must have no body, and an error status must have one of the wire's error shapes.
func CheckResponse(t testing.TB, method, path string, status int, body []byte) {
	t.Helper()
	checkResponse(t, method, path, status, body, Lenient)
}

// CheckResponseStrict is CheckResponse that also fails on properties the RAML type does not declare.
func CheckResponseStrict(t testing.TB, method, path string, status int, body []byte) {
	t.Helper()
	checkResponse(t, method, path, status, body, Strict)
}

func checkResponse(t testing.TB, method, path string, status int, body []byte, mode Mode) {
	t.Helper()
	spec, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var typ *Type
	switch {
	case status == 204 || status == 304:
		if len(strings.TrimSpace(string(body))) > 0 {
			t.Errorf("%s %s: status %d with a body: %.200s", method, path, status, body)
		}
		return
	case status >= 400:
		typ = wireErrorType
	default:
		op := spec.Find(method, path)
		if op == nil {
			t.Errorf("%s %s: no operation of api.raml has this path", method, path)
			return
		}
		if typ = op.ResponseType(status); typ == nil {
			t.Errorf("%s %s: api.raml gives %s %s no JSON response for status %d", method, path, op.Method, op.Path, status)
			return
		}
	}
	problems, err := spec.ValidateType(typ, body, mode)
	if err != nil {
		t.Errorf("%s %s: %v", method, path, err)
		return
	}
	for _, p := range problems {
		t.Errorf("%s %s (%d): %s", method, path, status, p)
	}
}
