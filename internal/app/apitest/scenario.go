package apitest

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"testing"
)

// Scenario is one API call and what it must do.
type Scenario struct {
	Name    string
	As      Principal
	Method  string // GET when empty
	Path    string
	Body    string
	Headers map[string]string

	WantStatus int
	WantBody   string // the exact body, when given (see ExactDiff)
	WantJSON   string // a JSON subset the body must match, when given (see Match)
	// WantContains is a text the body must hold, for answers whose rest is not the scenario's business (an error
	// message naming a field, say).
	WantContains string
	// RowsBefore and RowsAfter map an SQL query to the rows it must return before and after the call (see Rows).
	RowsBefore, RowsAfter map[string]string
	// Then checks the answer further when the status is right (against a schema, say); nil checks nothing more.
	Then func(t *testing.T, r Reply)
}

// Run runs each scenario as a subtest against the target, in order (scenarios may build on earlier ones).
func Run(t *testing.T, tg *Target, scenarios []Scenario) {
	t.Helper()
	for _, sc := range scenarios {
		t.Run(sc.Name, func(t *testing.T) {
			t.Helper()
			tg.wantRows(t, "before", sc.RowsBefore)
			r := tg.Do(t, Request{As: sc.As, Method: sc.Method, Path: sc.Path, Body: sc.Body, Headers: sc.Headers})
			what := strings.TrimSpace(sc.Method+" "+sc.Path) + " as " + sc.As.String()
			if r.Status != sc.WantStatus {
				t.Fatalf("%s: status %d, want %d\n%s", what, r.Status, sc.WantStatus, r.Body)
			}
			if sc.WantBody != "" {
				if d := ExactDiff(r.Body, sc.WantBody); d != "" {
					t.Errorf("%s: %s\ngot  %s\nwant %s", what, d, strings.TrimSpace(r.Body), sc.WantBody)
				}
			}
			if !strings.Contains(r.Body, sc.WantContains) {
				t.Errorf("%s: the body does not hold %q\n%s", what, sc.WantContains, r.Body)
			}
			if sc.WantJSON != "" {
				if d := Match(r.Body, sc.WantJSON); d != "" {
					t.Errorf("%s: %s\ngot %s", what, d, r.Body)
				}
			}
			if sc.Then != nil {
				sc.Then(t, r)
			}
			tg.wantRows(t, "after", sc.RowsAfter)
		})
	}
}

func (tg *Target) wantRows(t *testing.T, when string, want map[string]string) {
	t.Helper()
	queries := make([]string, 0, len(want))
	for q := range want {
		queries = append(queries, q)
	}
	sort.Strings(queries)
	for _, q := range queries {
		if got := tg.Rows(t, q); got != want[q] {
			t.Errorf("rows %s the call, %s\ngot\n%s\nwant\n%s", when, q, got, want[q])
		}
	}
}

// Rows runs a query on the target's database and writes its rows one a line, values joined by "|" and NULL for
// null, so rows are compared as text the same on SQLite and PostgreSQL.
func (tg *Target) Rows(t testing.TB, query string, args ...any) string {
	t.Helper()
	if tg.DB == nil {
		t.Fatalf("%s: the target has no database", query)
	}
	rows, err := tg.DB.Query(context.Background(), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var lines []string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		cells := make([]string, len(vals))
		for i, v := range vals {
			cells[i] = "NULL"
			if v.Valid {
				cells[i] = v.String
			}
		}
		lines = append(lines, strings.Join(cells, "|"))
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return strings.Join(lines, "\n")
}
