package records

import (
	"fmt"
	"testing"
)

// TestETag: the eTag follows every value, is the same whether a number is held as int64 or float64 (a created
// record's values and the read ones' may differ so), and does not depend on the map's order.
func TestETag(t *testing.T) {
	o := &Object{APIName: "Account"}
	rec := func(values map[string]any) *Record { return &Record{Object: o, ID: "001", Values: values} }
	base := rec(map[string]any{"Name": "Acme", "NumberOfEmployees": int64(5), "IsBuyer": true, "Phone": nil})
	if base.ETag() != rec(map[string]any{"Phone": nil, "IsBuyer": true, "NumberOfEmployees": float64(5), "Name": "Acme"}).ETag() {
		t.Error("the same values held as int64 and float64 give different eTags")
	}
	for _, changed := range []map[string]any{
		{"Name": "Acme2", "NumberOfEmployees": int64(5), "IsBuyer": true, "Phone": nil},
		{"Name": "Acme", "NumberOfEmployees": int64(6), "IsBuyer": true, "Phone": nil},
		{"Name": "Acme", "NumberOfEmployees": int64(5), "IsBuyer": false, "Phone": nil},
		{"Name": "Acme", "NumberOfEmployees": int64(5), "IsBuyer": true, "Phone": ""},
		{"Name": "Acme", "NumberOfEmployees": int64(5), "IsBuyer": true},
	} {
		if rec(changed).ETag() == base.ETag() {
			t.Errorf("%v has the eTag of %v", changed, base.Values)
		}
	}
}

func BenchmarkETag(b *testing.B) {
	values := map[string]any{}
	for i := range 20 {
		values[fmt.Sprintf("Field%d", i)] = fmt.Sprintf("value of field %d", i)
	}
	values["Amount"], values["Count"], values["Active"] = 12.5, int64(3), true
	r := &Record{Object: &Object{APIName: "Account"}, ID: "001000000000001AAA", Values: values}
	for b.Loop() {
		_ = r.ETag()
	}
}
