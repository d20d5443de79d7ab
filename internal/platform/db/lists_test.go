package db_test

import (
	"reflect"
	"testing"

	"storefront/internal/platform/db"
)

func TestInListPadsToAPowerOfTwo(t *testing.T) {
	for _, c := range []struct {
		ids  []string
		sql  string
		args []any
	}{
		{nil, "NULL", nil},
		{[]string{"a"}, "?", []any{"a"}},
		{[]string{"a", "b", "c"}, "?, ?, ?, ?", []any{"a", "b", "c", "c"}},
		{[]string{"a", "b", "c", "d"}, "?, ?, ?, ?", []any{"a", "b", "c", "d"}},
	} {
		sql, args := db.InList(c.ids)
		if sql != c.sql || !reflect.DeepEqual(args, c.args) {
			t.Errorf("db.InList(%v) = %q %v, want %q %v", c.ids, sql, args, c.sql, c.args)
		}
	}
}
