package uiapitest

import "testing"

// Coverage checks responses like CheckResponse and remembers which calls of SpecOperations they exercised, so a
// conformance suite can assert it walked every one.
type Coverage struct {
	seen map[SpecOp]bool
}

// NewCoverage starts an empty record of exercised calls.
func NewCoverage() *Coverage { return &Coverage{seen: map[SpecOp]bool{}} }

// Check is CheckResponse (strict when strict is true) that also records the call as exercised.
func (c *Coverage) Check(t testing.TB, method, path string, status int, body []byte, strict bool) {
	t.Helper()
	mode := Lenient
	if strict {
		mode = Strict
	}
	checkResponse(t, method, path, status, body, mode)
	spec, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	op := spec.Find(method, path)
	if op == nil {
		return
	}
	for _, s := range SpecOperations {
		if found := spec.Find(s.Method, s.Path); found == op {
			c.seen[s] = true
		}
	}
}

// Missing lists the calls of SpecOperations no Check has exercised, in the table's order.
func (c *Coverage) Missing() []SpecOp {
	var out []SpecOp
	for _, s := range SpecOperations {
		if !c.seen[s] {
			out = append(out, s)
		}
	}
	return out
}
