package soql

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
	"storefront/internal/recordsapi"
)

// fuzzSeeds cover the grammar; the fuzzer mutates them (testdata/fuzz/FuzzQuery keeps what it found).
var fuzzSeeds = []string{
	"SELECT Id, Name FROM Account",
	"SELECT Name, Parent.Name, Owner.LastName FROM Account WHERE Parent.Name = 'Globex' ORDER BY Name DESC NULLS LAST LIMIT 5 OFFSET 1",
	"SELECT LastName, Account.Parent.Owner.Name FROM Contact WHERE (LastName LIKE 'A\\_%' OR Email != null) AND NOT Account.Name IN ('x', 'y')",
	"SELECT Name, Token__c FROM Widget__c WHERE Token__c = 'secret'",
	"SELECT Name FROM Widget__c WHERE Colors__c INCLUDES ('Red;Blue') AND Due__c = LAST_N_DAYS:30 AND Price__c > 1.005",
	"SELECT COUNT() FROM Account WHERE CreatedDate > 2026-01-01T00:00:00Z",
	"SELECT Industry, COUNT(Id) n, SUM(AnnualRevenue), MAX(Name) FROM Account GROUP BY Industry ORDER BY Industry",
	"SELECT Name, (SELECT LastName FROM Contacts WHERE LastName != 'x' ORDER BY LastName LIMIT 1) FROM Account",
	"SELECT FIELDS(STANDARD) FROM Widget__c",
	"SELECT Id FROM Account WHERE Id = '001000000000000' OR Name = '\\u0041\\n\\'\"' OR IsBuyer = true",
	"SELECT Id FROM Product2",
	"SELECT Account__r.Name, AVG(Price__c) a FROM Widget__c GROUP BY Account__r.Name HAVING AVG(Price__c) > 1.5 AND COUNT(Id) IN (1, 2)",
	"SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE LastName != null) AND ParentId NOT IN (SELECT Id FROM Account)",
	"select id from user where name like '%' and id != null",
	"SELECT Name FROM Account WHERE Name = 'x'' OR 1=1 --'",
	"SELECT Name FROM Account WHERE Name = \"x\" OR \"id\" IS NOT NULL",
}

// FuzzQuery: no input panics the parser or the compiler; every compiled statement names only the tables and columns
// the buyer may read and carries no literal from the query text; and running it as the buyer returns only rows the
// buyer may read, and never a hidden field's value.
func FuzzQuery(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	d := recordstest.Open(f, "sqlite")
	e := newEnv(f, d)
	ctx := context.Background()
	cat, err := e.engine.Catalog(ctx)
	if err != nil {
		f.Fatal(err)
	}
	allowed := map[string]bool{"managedaccount": true, "accountid": true, "userid": true, "id": true}
	// The tables and columns of the row rules: the buyer's stores and their catalogues.
	for _, name := range []string{"webstorebuyergroup", "buyergroupmember", "webstorecatalog", "webstoreid",
		"buyergroupid", "buyerid", "salesstoreid", "productcatalogid", "catalogid", "productcategoryid", "productid"} {
		allowed[name] = true
	}
	for _, o := range cat.Objects() {
		if !o.Queryable || !e.engine.CanRead(e.buyer, o) {
			continue
		}
		allowed[o.TableName()] = true
		for i := range o.Fields {
			if fl := &o.Fields[i]; fl.HasColumn() && e.engine.FieldReadable(e.buyer, o, fl) {
				allowed[fl.Column()] = true
			}
		}
	}
	visible := visibleIDs(f, e)
	quoted := regexp.MustCompile(`"([^"]*)"`)
	idInURL := regexp.MustCompile(`/sobjects/[A-Za-z0-9_]+/([A-Za-z0-9]+)`)
	f.Fuzz(func(t *testing.T, src string) {
		q, perr := Parse(src)
		if perr != nil {
			_ = perr.Message(src)
			return
		}
		plan, cerr := Compile(q, cat, e.engine, e.buyer, db.SQLite, testNow)
		if cerr != nil {
			_ = cerr.Message(src)
			return
		}
		for _, p := range append([]*Plan{plan}, plan.subs...) {
			sql, _ := p.rowsSQL(0, 10, "", nil)
			for _, m := range quoted.FindAllStringSubmatch(sql, -1) {
				if !allowed[m[1]] {
					t.Fatalf("%q compiled to SQL naming %q: %s", src, m[1], sql)
				}
			}
			rest := strings.NewReplacer(`ESCAPE '\'`, "", `';'`, "").Replace(quoted.ReplaceAllString(sql, ""))
			if strings.ContainsAny(rest, `'`) || strings.Contains(rest, "--") || strings.Contains(rest, "/*") {
				t.Fatalf("%q compiled to SQL with a literal or comment: %s", src, sql)
			}
		}
		runCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		var recs []*recordsapi.Object
		var rerr error
		if plan.IsCount() {
			_, rerr = plan.Count(runCtx, d)
		} else {
			recs, rerr = plan.Rows(runCtx, d, "v64.0", 0, 50)
		}
		if rerr != nil {
			if errors.Is(rerr, context.DeadlineExceeded) {
				return
			}
			t.Fatalf("%q failed to run: %v", src, rerr)
		}
		b, _ := json.Marshal(recs)
		if strings.Contains(string(b), "secret") {
			t.Fatalf("%q read a hidden field: %s", src, b)
		}
		for _, m := range idInURL.FindAllStringSubmatch(string(b), -1) {
			if !visible[m[1]] {
				t.Fatalf("%q read %s, which the buyer may not read: %s", src, m[1], b)
			}
		}
	})
}

// visibleIDs are the ids of every record the buyer may read, by the engine's own reads.
func visibleIDs(t testing.TB, e *env) map[string]bool {
	ctx := context.Background()
	out := map[string]bool{}
	for _, obj := range []string{"Account", "Contact", "User", "Widget__c"} {
		rows, err := e.engine.DB.Query(ctx, `SELECT "id" FROM `+db.Ident(strings.ToLower(obj)))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		recs, err := e.engine.GetMany(ctx, e.engine.DB, e.buyer, obj, ids)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			out[r.ID] = true
		}
	}
	return out
}
