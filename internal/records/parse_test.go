package records

import (
	"context"
	"reflect"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// The input's fields are read in whatever order its map gives, but what a write answers does not depend on it: two
// keys naming one field ("Name", "name") give the value of the last in name order, and the errors of several bad
// fields come in name order, every time.
func TestParseInputIsTheSameWhateverTheMapOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEngine(t, d)
		cat, err := e.Catalog(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		o := cat.Object("Account")
		var firstErrs []string
		for i := range 50 {
			out, werr := e.parseInput(staff, o, map[string]any{"Name": "upper", "name": "lower", "Type": "Prospect",
				"Description": "d", "Phone": "1", "Website": "w"}, true)
			if werr != nil || out["Name"] != "lower" || out["Type"] != "Prospect" || len(out) != 5 {
				t.Fatalf("run %d: %v %v, want Name from the key sorted last (name)", i, out, werr)
			}
			_, werr = e.parseInput(staff, o, map[string]any{"Zulu": 1, "Alpha": 2, "NumberOfEmployees": "many",
				"Mike": 3, "Name": "ok"}, true)
			if werr == nil {
				t.Fatal("bad fields were taken")
			}
			msgs := werr.Codes()
			for _, fe := range werr.Errors {
				msgs = append(msgs, fe.Message)
			}
			if i == 0 {
				firstErrs = msgs
			} else if !reflect.DeepEqual(msgs, firstErrs) {
				t.Fatalf("run %d: errors %q, first run %q", i, msgs, firstErrs)
			}
		}
		if want := []string{"INVALID_FIELD", "INVALID_FIELD", "INVALID_FIELD", "INVALID_TYPE_ON_FIELD_IN_RECORD",
			"No such column 'Alpha' on sobject of type Account", "No such column 'Mike' on sobject of type Account",
			"No such column 'Zulu' on sobject of type Account"}; !reflect.DeepEqual(firstErrs, want) {
			t.Fatalf("errors %q, want %q", firstErrs, want)
		}
	})
}
