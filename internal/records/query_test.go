package records

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// queryFixture is three accounts, an opportunity of each and 300 contacts (even ones at Acme, odd at Globex).
type queryFixture struct {
	e                    *Engine
	acme, globex, initch string
}

func newQueryFixture(t *testing.T, d *db.DB) *queryFixture {
	t.Helper()
	ctx := context.Background()
	f := &queryFixture{e: newEngine(t, d)}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		accts, err := f.e.Insert(ctx, tx, System, "Account", []map[string]any{
			{"Name": "Acme", "AnnualRevenue": "1000.50", "NumberOfEmployees": 10, "Description": "anvils"},
			{"Name": "Globex", "NumberOfEmployees": 200},
			{"Name": "initech", "AnnualRevenue": "50"},
		})
		if err != nil {
			return err
		}
		f.acme, f.globex, f.initch = accts[0].ID, accts[1].ID, accts[2].ID
		_, err = f.e.Insert(ctx, tx, System, "Opportunity", []map[string]any{
			{"Name": "O1", "StageName": "Prospecting", "CloseDate": "2026-01-10", "Amount": "100", "AccountId": f.acme},
			{"Name": "O2", "StageName": "Prospecting", "CloseDate": "2026-02-15", "Amount": "250.5", "AccountId": f.globex},
			{"Name": "O3", "StageName": "Prospecting", "CloseDate": "2026-03-20", "AccountId": f.initch},
		})
		if err != nil {
			return err
		}
		contacts := make([]map[string]any, 300)
		for i := range contacts {
			contacts[i] = map[string]any{"LastName": fmt.Sprintf("C%03d", i), "AccountId": []string{f.acme, f.globex}[i%2]}
		}
		_, err = f.e.Insert(ctx, tx, System, "Contact", contacts)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// names runs a query as actor and answers the value of its first field in each row.
func (f *queryFixture) names(t *testing.T, actor *identity.Principal, q Query) []any {
	t.Helper()
	res, err := f.e.Query(context.Background(), f.e.DB, actor, q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	out := []any{}
	for _, r := range res.Rows {
		out = append(out, r.Values[q.Fields[0]])
	}
	return out
}

func wantNames(t *testing.T, what string, got []any, want ...any) {
	t.Helper()
	if len(want) == 0 {
		want = []any{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: %v; want %v", what, got, want)
	}
}

func TestQueryFilters(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newQueryFixture(t, d)
		byName := []Order{{Field: "Name"}}
		acct := func(where Filter) []any {
			return f.names(t, staff, Query{Object: "Account", Fields: []string{"Name"}, Where: where, OrderBy: byName})
		}
		wantNames(t, "or, like, case-insensitive =",
			acct(Or{&Cond{Field: "Name", Op: OpLike, Value: "ac%"}, &Cond{Field: "Name", Op: OpEq, Value: "INITECH"}}),
			"Acme", "initech")
		wantNames(t, "like ignores the pattern's case too", acct(&Cond{Field: "Name", Op: OpLike, Value: "%NITE%"}), "initech")
		wantNames(t, "not like", acct(Not{&Cond{Field: "Name", Op: OpLike, Value: "%C%"}}), "Globex")
		wantNames(t, "and, not, int range",
			acct(And{Not{&Cond{Field: "Name", Op: OpEq, Value: "acme"}}, &Cond{Field: "NumberOfEmployees", Op: OpGe, Value: 100}}),
			"Globex")
		wantNames(t, "in", acct(&Cond{Field: "Name", Op: OpIn, Values: []any{"acme", "Globex", "nobody"}}), "Acme", "Globex")
		wantNames(t, "not in passes a field without a value",
			acct(&Cond{Field: "NumberOfEmployees", Op: OpNotIn, Values: []any{10}}), "Globex", "initech")
		wantNames(t, "not never turns an unknown into a match",
			acct(Not{&Cond{Field: "NumberOfEmployees", Op: OpLt, Value: 100}}), "Globex", "initech")
		wantNames(t, "null", acct(&Cond{Field: "AnnualRevenue", Op: OpEq}), "Globex")
		wantNames(t, "currency compared exactly",
			acct(&Cond{Field: "AnnualRevenue", Op: OpGt, Value: "1000.5"}))
		wantNames(t, "currency between", acct(And{&Cond{Field: "AnnualRevenue", Op: OpGe, Value: 50},
			&Cond{Field: "AnnualRevenue", Op: OpLe, Value: 1000.5}}), "Acme", "initech")
		wantNames(t, "empty and, empty or", acct(And{Or{}, And{}}))

		opp := func(where Filter, order ...Order) []any {
			return f.names(t, staff, Query{Object: "Opportunity", Fields: []string{"Name"}, Where: where, OrderBy: order})
		}
		feb := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
		wantNames(t, "date range", opp(And{&Cond{Field: "CloseDate", Op: OpGe, Value: feb},
			&Cond{Field: "CloseDate", Op: OpLt, Value: feb.AddDate(0, 1, 0)}}), "O2")
		wantNames(t, "date as text", opp(&Cond{Field: "CloseDate", Op: OpGt, Value: "2026-02-15"}), "O3")
		wantNames(t, "amount more places than kept", opp(&Cond{Field: "Amount", Op: OpLe, Value: "100.004"}), "O1")
		wantNames(t, "amount", opp(&Cond{Field: "Amount", Op: OpEq, Value: "250.50"}), "O2")
		wantNames(t, "reference", opp(&Cond{Field: "AccountId", Op: OpEq, Value: f.globex[:15]}), "O2")
		wantNames(t, "ids in a list", opp(&Cond{Field: "AccountId", Op: OpIn, Values: []any{f.globex[:15], f.initch}},
			Order{Field: "Name"}), "O2", "O3")
		wantNames(t, "ids not in a list", opp(Or{&Cond{Field: "AccountId", Op: OpNotIn, Values: []any{f.acme}},
			&Cond{Field: "Amount", Op: OpEq}}, Order{Field: "Name"}), "O2", "O3")
		wantNames(t, "datetime stamps", opp(&Cond{Field: "CreatedDate", Op: OpGt, Value: feb.AddDate(-10, 0, 0)},
			Order{Field: "Name", Desc: true}), "O3", "O2", "O1")

		// Refusals: a value of the wrong type, an operator the field does not take, an unknown path, a bad token.
		for _, q := range []Query{
			{Object: "Account", Where: &Cond{Field: "NumberOfEmployees", Op: OpEq, Value: "many"}},
			{Object: "Account", Where: &Cond{Field: "Name", Op: OpIncludes, Values: []any{"a"}}},
			{Object: "Account", Where: &Cond{Field: "Owner.Nope", Op: OpEq, Value: "x"}},
			{Object: "Account", Where: &Cond{Field: "AccountId", Op: OpEq, Value: "x"}},
			{Object: "Account", PageToken: "garbage"},
		} {
			var fe *FilterError
			if _, err := f.e.Query(context.Background(), d, staff, q); !errors.As(err, &fe) {
				t.Fatalf("%+v: %v; want a FilterError", q, err)
			}
		}
		if _, err := f.e.Query(context.Background(), d, staff, Query{Object: "Nope"}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("unknown object: %v", err)
		}
	})
}

func TestQuerySortAndPaths(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newQueryFixture(t, d)
		first, last := true, false
		acct := func(o Order) []any {
			return f.names(t, staff, Query{Object: "Account", Fields: []string{"Name"}, OrderBy: []Order{o}})
		}
		wantNames(t, "ascending: nulls first", acct(Order{Field: "AnnualRevenue"}), "Globex", "initech", "Acme")
		wantNames(t, "descending: nulls last", acct(Order{Field: "AnnualRevenue", Desc: true}), "Acme", "initech", "Globex")
		wantNames(t, "ascending, nulls last", acct(Order{Field: "AnnualRevenue", NullsFirst: &last}), "initech", "Acme", "Globex")
		wantNames(t, "descending, nulls first", acct(Order{Field: "NumberOfEmployees", Desc: true, NullsFirst: &first}),
			"initech", "Globex", "Acme")
		wantNames(t, "text without regard to case", acct(Order{Field: "Name", Desc: true}), "initech", "Globex", "Acme")

		// A path through a relationship: selected, filtered and sorted on; a missing parent reads as no value.
		res, err := f.e.Query(context.Background(), d, staff, Query{Object: "Opportunity",
			Fields:  []string{"Name", "Account.Name", "Account.NumberOfEmployees"},
			Where:   &Cond{Field: "Account.AnnualRevenue", Op: OpNe, Value: 50},
			OrderBy: []Order{{Field: "Account.Name", Desc: true}}})
		if err != nil {
			t.Fatal(err)
		}
		var got [][]any
		for _, r := range res.Rows {
			got = append(got, []any{r.Values["Name"], r.Values["Account.Name"], r.Values["Account.NumberOfEmployees"]})
		}
		if want := [][]any{{"O2", "Globex", int64(200)}, {"O1", "Acme", int64(10)}}; !reflect.DeepEqual(got, want) {
			t.Fatalf("paths: %v; want %v", got, want)
		}
	})
}

func TestQueryPagesAndCounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newQueryFixture(t, d)
		q := Query{Object: "Contact", Fields: []string{"LastName"}, Where: &Cond{Field: "LastName", Op: OpLike, Value: "c%"},
			OrderBy: []Order{{Field: "LastName", Desc: true}}, PageSize: 120, Count: true}
		var seen []any
		var sizes []int
		for pages := 0; ; pages++ {
			if pages > 3 {
				t.Fatal("more pages than rows")
			}
			res, err := f.e.Query(context.Background(), d, staff, q)
			if err != nil {
				t.Fatal(err)
			}
			if res.TotalSize != 300 {
				t.Fatalf("total %d; want 300", res.TotalSize)
			}
			sizes = append(sizes, len(res.Rows))
			for _, r := range res.Rows {
				seen = append(seen, r.Values["LastName"])
			}
			if res.NextPageToken == "" {
				break
			}
			q.PageToken = res.NextPageToken
		}
		if !reflect.DeepEqual(sizes, []int{120, 120, 60}) || len(seen) != 300 {
			t.Fatalf("pages %v, %d rows", sizes, len(seen))
		}
		for i, name := range seen {
			if want := fmt.Sprintf("C%03d", 299-i); name != want {
				t.Fatalf("row %d is %v; want %s", i, name, want)
			}
		}
		// Limit and offset bound the whole query, its count and its pages.
		q = Query{Object: "Contact", Fields: []string{"LastName"}, OrderBy: []Order{{Field: "LastName"}}, Offset: 10,
			Limit: 25, PageSize: 20, Count: true}
		res, err := f.e.Query(context.Background(), d, staff, q)
		if err != nil {
			t.Fatal(err)
		}
		q.PageToken = res.NextPageToken
		next, err := f.e.Query(context.Background(), d, staff, q)
		if err != nil {
			t.Fatal(err)
		}
		if res.TotalSize != 25 || len(res.Rows) != 20 || res.Rows[0].Values["LastName"] != "C010" ||
			len(next.Rows) != 5 || next.Rows[4].Values["LastName"] != "C034" || next.NextPageToken != "" {
			t.Fatalf("limited: total %d, %d then %d rows, next %q", res.TotalSize, len(res.Rows), len(next.Rows), next.NextPageToken)
		}
		// A count alone reads no rows.
		res, err = f.e.Query(context.Background(), d, staff, Query{Object: "Contact", Count: true, Limit: 1000,
			Where: &Cond{Field: "Account.Name", Op: OpEq, Value: "acme"}})
		if err != nil || res.TotalSize != 150 {
			t.Fatalf("count: %v, %v", res, err)
		}
	})
}

// PerGroup reads each group's first rows in one statement: the same rows each group's own query reads, and
// each group's full count.
func TestQueryPerGroup(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newQueryFixture(t, d)
		where := &Cond{Field: "LastName", Op: OpNe, Value: "C004"}
		order := []Order{{Field: "Account.Name", Desc: true}, {Field: "LastName", Desc: true}}
		q := Query{Object: "Contact", Fields: []string{"LastName", "AccountId"},
			Where:   And{&Cond{Field: "AccountId", Op: OpIn, Values: []any{f.acme, f.globex, f.initch}}, where},
			OrderBy: order, PageSize: 3, PerGroup: "AccountId", Count: true}
		_, _ = f.e.Query(ctx, d, staff, q) // warm: the catalog and the caller's rights are cached after one call
		before := d.Statements()
		res, err := f.e.Query(ctx, d, staff, q)
		if err != nil {
			t.Fatal(err)
		}
		if n := d.Statements() - before; n != 1 {
			t.Fatalf("%d statements; want 1", n)
		}
		got := map[any][]any{}
		for _, r := range res.Rows {
			got[r.Values["AccountId"]] = append(got[r.Values["AccountId"]], r.Values["LastName"])
		}
		for _, acct := range []string{f.acme, f.globex} {
			own, err := f.e.Query(ctx, d, staff, Query{Object: "Contact", Fields: []string{"LastName"}, PageSize: 3, Count: true,
				Where: And{&Cond{Field: "AccountId", Op: OpEq, Value: acct}, where}, OrderBy: order})
			if err != nil {
				t.Fatal(err)
			}
			var want []any
			for _, r := range own.Rows {
				want = append(want, r.Values["LastName"])
			}
			if !reflect.DeepEqual(got[acct], want) || res.GroupSizes[acct] != own.TotalSize {
				t.Fatalf("group %s: %v of %d; want %v of %d", acct, got[acct], res.GroupSizes[acct], want, own.TotalSize)
			}
		}
		if len(got) != 2 || res.GroupSizes[f.acme] != 149 || res.GroupSizes[f.globex] != 150 || res.NextPageToken != "" {
			t.Fatalf("groups %v, sizes %v", got, res.GroupSizes)
		}
	})
}

func TestQueryVisibilityAndFieldSecurity(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newQueryFixture(t, d)
		// A buyer of Acme sees Acme's contacts and Acme alone, through a path too; Opportunity has no rule for buyers.
		buyer := &identity.Principal{UserID: "005000000000009AAA", AccountID: f.acme}
		res, err := f.e.Query(ctx, d, buyer, Query{Object: "Contact", Fields: []string{"Account.Name"}, Count: true,
			PageSize: 1, Where: &Cond{Field: "AccountId", Op: OpIn, Values: []any{f.acme, f.globex}}})
		if err != nil {
			t.Fatal(err)
		}
		if res.TotalSize != 150 || res.Rows[0].Values["Account.Name"] != "Acme" {
			t.Fatalf("buyer's contacts: %d, %v", res.TotalSize, res.Rows[0].Values)
		}
		wantNames(t, "buyer's accounts", f.names(t, buyer, Query{Object: "Account", Fields: []string{"Name"}}), "Acme")
		wantNames(t, "buyer's semi-join", f.names(t, buyer, Query{Object: "Account", Fields: []string{"Name"},
			Where: &In{Field: "Id", Object: "Contact", Select: "AccountId"}}), "Acme")
		if _, err := f.e.Query(ctx, d, buyer, Query{Object: "Opportunity"}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("buyer's opportunities: %v", err)
		}

		// A staff user whose profile reads accounts and their revenue, not their employees or description.
		var userID string
		err = d.InTx(ctx, func(tx *db.Tx) error {
			profile, err := f.e.Insert(ctx, tx, System, "Profile", []map[string]any{{"Name": "Reader"}})
			if err != nil {
				return err
			}
			set, err := f.e.Insert(ctx, tx, System, "PermissionSet", []map[string]any{{"Name": "Reader", "Label": "Reader",
				"IsOwnedByProfile": true, "ProfileId": profile[0].ID}})
			if err != nil {
				return err
			}
			if _, err := f.e.Insert(ctx, tx, System, "ObjectPermissions", []map[string]any{{"ParentId": set[0].ID,
				"SobjectType": "Account", "PermissionsRead": true}}); err != nil {
				return err
			}
			if _, err := f.e.Insert(ctx, tx, System, "FieldPermissions", []map[string]any{{"ParentId": set[0].ID,
				"SobjectType": "Account", "Field": "Account.AnnualRevenue", "PermissionsRead": true}}); err != nil {
				return err
			}
			user, err := f.e.Insert(ctx, tx, System, "User", []map[string]any{{"Username": "reader@example.com",
				"Email": "reader@example.com", "LastName": "Reader", "ProfileId": profile[0].ID}})
			if err == nil {
				userID = user[0].ID
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		reader := &identity.Principal{UserID: userID, Staff: true}
		wantNames(t, "readable field", f.names(t, reader, Query{Object: "Account", Fields: []string{"AnnualRevenue"},
			Where: &Cond{Field: "AnnualRevenue", Op: OpGt, Value: 100}}), "1000.50")
		for _, q := range []Query{
			{Object: "Account", Fields: []string{"Description"}},
			{Object: "Account", Where: &Cond{Field: "NumberOfEmployees", Op: OpEq}},
			{Object: "Account", OrderBy: []Order{{Field: "Description"}}},
			{Object: "Account", Where: &In{Field: "Id", Object: "Contact", Select: "AccountId"}}, // no Contact rights
		} {
			var fe *FilterError
			if _, err := f.e.Query(ctx, d, reader, q); !errors.As(err, &fe) {
				t.Fatalf("%+v as the reader: %v; want a FilterError", q, err)
			}
		}
		if _, err := f.e.Query(ctx, d, reader, Query{Object: "Contact"}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("reader's contacts: %v", err)
		}
	})
}

// A search (any of several fields contains the term) over a page sorted by name scans and sorts on SQLite rather
// than walking the name index until the page is full, which reads every row at random when the term is rare.
func TestSearchPageScansOnSQLite(t *testing.T) {
	d := dbtest.Open(t, "sqlite")
	f := newQueryFixture(t, d)
	cat, err := f.e.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sel := f.e.NewSelect(cat, staff, cat.Object("Account"), "a")
	cond, args, err := sel.Where(Or{&Cond{Field: "Name", Op: OpLike, Value: "%zq%"}, &Cond{Field: "Phone", Op: OpLike, Value: "%zq%"}})
	if err != nil {
		t.Fatal(err)
	}
	name, err := sel.column("Name")
	if err != nil {
		t.Fatal(err)
	}
	page := Statement{Columns: []string{`a."id"`}, OrderBy: []string{OrderTerm(name, false, nil), `a."id"`}, Limit: 26}
	query, qargs := sel.SQL(page)
	if plan := dbtest.QueryPlan(t, d, query, qargs...); !strings.Contains(plan, "sx_account_name") {
		t.Fatalf("without a search the page should read the name index:\n%s", plan)
	}
	page.Conds, page.Args = []string{cond}, args
	query, qargs = sel.SQL(page)
	if plan := dbtest.QueryPlan(t, d, query, qargs...); strings.Contains(plan, "sx_account_name") {
		t.Fatalf("a search walks the name index:\n%s", plan)
	}
	wantNames(t, "the search still finds", f.names(t, staff, Query{Object: "Account", Fields: []string{"Name"},
		Where: Or{&Cond{Field: "Name", Op: OpLike, Value: "%LOB%"}, &Cond{Field: "Phone", Op: OpLike, Value: "%LOB%"}}}), "Globex")
}
