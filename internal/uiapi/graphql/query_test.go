package graphql_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// The query shape of the wire adapter: edges/node with {value, displayValue}, a parent as a nested node, a child
// relationship as a connection, pageInfo and totalCount, objectInfos; each checked against SOQL.
func TestQueryShapes(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		conn := admin.data(`{ uiapi { query { Account(first: 3, orderBy: {Name: {order: ASC}}) {
			__typename totalCount
			edges { cursor node { __typename Id ApiName Name { value displayValue } Owner { Name { value } }
				Contacts(first: 1) { edges { node { Id } } totalCount pageInfo { hasNextPage } } } }
			pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }`, nil, "uiapi", "query", "Account")
		want := admin.soql("SELECT Id, Owner.Name FROM Account ORDER BY Name LIMIT 3")
		all := admin.soqlIDs("SELECT Id FROM Account")
		sameIDs(t, "accounts by name", nodeIDs(conn), []string{want[0]["Id"].(string), want[1]["Id"].(string), want[2]["Id"].(string)})
		if n, _ := apitest.Dig(conn, "totalCount").(json.Number).Int64(); int(n) != len(all) || apitest.Dig(conn, "__typename") != "AccountConnection" {
			t.Fatalf("totalCount %v of %d, typename %v", apitest.Dig(conn, "totalCount"), len(all), apitest.Dig(conn, "__typename"))
		}
		if apitest.Dig(conn, "pageInfo", "hasNextPage") != (len(all) > 3) || apitest.Dig(conn, "pageInfo", "hasPreviousPage") != false ||
			apitest.Dig(conn, "pageInfo", "endCursor") != apitest.Dig(conn, "edges", 2, "cursor") {
			t.Fatalf("pageInfo %v", apitest.Dig(conn, "pageInfo"))
		}
		node := apitest.Dig(conn, "edges", 0, "node").(map[string]any)
		if node["__typename"] != "Account" || node["ApiName"] != "Account" || apitest.Dig(node, "Name", "displayValue") != nil ||
			apitest.Dig(node, "Owner", "Name", "value") != apitest.Dig(want[0], "Owner", "Name") || apitest.Dig(node, "Name", "value") == nil {
			t.Fatalf("node %v, soql %v", node, want[0])
		}
		for i := range 3 {
			id := apitest.Dig(conn, "edges", i, "node", "Id").(string)
			contacts := admin.soqlIDs("SELECT Id FROM Contact WHERE AccountId = '" + id + "' ORDER BY Id")
			child := apitest.Dig(conn, "edges", i, "node", "Contacts")
			if n, _ := apitest.Dig(child, "totalCount").(json.Number).Int64(); int(n) != len(contacts) ||
				apitest.Dig(child, "pageInfo", "hasNextPage") != (len(contacts) > 1) {
				t.Fatalf("contacts of %s: %v, soql %v", id, child, contacts)
			}
		}

		// Currency values are exact numbers with a formatted display value; the parent product is a node.
		entry := admin.data(`{ uiapi { query { PricebookEntry(first: 1, orderBy: {UnitPrice: {order: DESC}}) { edges { node {
			Id UnitPrice { value displayValue } Product2 { Id Name { value } } } } } } } }`, nil, "uiapi", "query", "PricebookEntry", "edges", 0, "node")
		soql := admin.soql("SELECT Id, UnitPrice, Product2Id, Product2.Name FROM PricebookEntry ORDER BY UnitPrice DESC, Id LIMIT 1")[0]
		price := soql["UnitPrice"].(json.Number)
		if apitest.Dig(entry, "Id") != soql["Id"] || apitest.Dig(entry, "UnitPrice", "value") != price ||
			apitest.Dig(entry, "Product2", "Id") != soql["Product2Id"] || apitest.Dig(entry, "Product2", "Name", "value") != apitest.Dig(soql, "Product2", "Name") {
			t.Fatalf("entry %v, soql %v", entry, soql)
		}
		if d, _ := apitest.Dig(entry, "UnitPrice", "displayValue").(string); len(d) < 2 || d[0] != '$' {
			t.Fatalf("currency display value %v", apitest.Dig(entry, "UnitPrice"))
		}

		// objectInfos: the object's metadata with its fields.
		infos := admin.data(`{ uiapi { objectInfos(apiNames: ["Account", "Opportunity"]) { ApiName label keyPrefix
			fields { ApiName dataType } childRelationships { relationshipName } } } }`, nil, "uiapi", "objectInfos").([]any)
		if len(infos) != 2 || apitest.Dig(infos[0], "ApiName") != "Account" || apitest.Dig(infos[0], "keyPrefix") != "001" ||
			apitest.Dig(infos[1], "ApiName") != "Opportunity" {
			t.Fatalf("objectInfos %v", infos)
		}
		if !hasField(apitest.Dig(infos[1], "fields"), "CloseDate", "Date") || !hasField(apitest.Dig(infos[0], "fields"), "Name", "String") {
			t.Fatalf("objectInfos fields %v", apitest.Dig(infos[1], "fields"))
		}

		// Every served version reaches the endpoint.
		status, _, raw := admin.call("POST", "/services/data/v60.0/graphql", `{"query":"{ uiapi { query { Account(first: 1) { totalCount } } } }"}`)
		if status != 200 || raw == "" || apitest.Dig(decode(t, raw), "data", "uiapi", "query", "Account", "totalCount") == nil {
			t.Fatalf("v60.0: %d %s", status, raw)
		}
	})
}

func hasField(fields any, name, dataType string) bool {
	for _, f := range fields.([]any) {
		if apitest.Dig(f, "ApiName") == name && apitest.Dig(f, "dataType") == dataType {
			return true
		}
	}
	return false
}

func decode(t *testing.T, raw string) map[string]any {
	var out map[string]any
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return out
}

// Filters with and/or/not, like, in and nin, ranges on numbers, dates and datetimes, and parent fields select the
// records the same question asked in SOQL selects.
func TestFiltersMatchSOQL(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		cases := []struct {
			object, where, soql string
			some                bool // the question has answers in the demo store
		}{
			{"Account", `{Name: {like: "%a%"}}`, "Name LIKE '%a%'", true},
			{"Account", `{or: [{Name: {like: "A%"}}, {Name: {like: "N%"}}]}`, "(Name LIKE 'A%' OR Name LIKE 'N%')", true},
			{"Account", `{not: {Name: {like: "A%"}}}`, "(NOT Name LIKE 'A%')", true},
			{"Account", `{and: [{Name: {ne: null}}, {not: {or: [{Name: {like: "S%"}}, {Phone: {eq: null}}]}}]}`,
				"Name != null AND (NOT (Name LIKE 'S%' OR Phone = null))", false},
			{"PricebookEntry", `{and: [{UnitPrice: {gte: 10}}, {UnitPrice: {lt: 100.5}}]}`, "UnitPrice >= 10 AND UnitPrice < 100.5", true},
			{"PricebookEntry", `{UnitPrice: {gt: 20, lte: 50}}`, "UnitPrice > 20 AND UnitPrice <= 50", true},
			{"PricebookEntry", `{Product2: {Name: {like: "%e%"}}, IsActive: {eq: true}}`, "Product2.Name LIKE '%e%' AND IsActive = true", true},
			{"Opportunity", `{CloseDate: {gte: {value: "2000-01-01"}, lt: {value: "2100-01-01"}}}`, "CloseDate >= 2000-01-01 AND CloseDate < 2100-01-01", true},
			{"Opportunity", `{CloseDate: {gt: {value: "2026-06-30"}}}`, "CloseDate > 2026-06-30", false},
			{"Opportunity", `{StageName: {in: ["Prospecting", "Closed Won", "Negotiation/Review"]}}`, "StageName IN ('Prospecting', 'Closed Won', 'Negotiation/Review')", false},
			{"Opportunity", `{StageName: {nin: ["Prospecting"]}, Amount: {gt: 1000}}`, "StageName NOT IN ('Prospecting') AND Amount > 1000", true},
			{"Product2", `{CreatedDate: {gt: {value: "2000-01-01T00:00:00.000Z"}}}`, "CreatedDate > 2000-01-01T00:00:00Z", true},
			// Relative dates: literals and ranges name the days SOQL's date literals name.
			{"Product2", `{CreatedDate: {eq: {literal: TODAY}}}`, "CreatedDate = TODAY", true},
			{"Product2", `{CreatedDate: {gte: {range: {last_n_days: 7}}}}`, "CreatedDate >= LAST_N_DAYS:7", true},
			{"Product2", `{CreatedDate: {ne: {literal: YESTERDAY}}}`, "CreatedDate != YESTERDAY", true},
			{"Opportunity", `{CloseDate: {lt: {literal: THIS_YEAR}}}`, "CloseDate < THIS_YEAR", false},
			{"Opportunity", `{CloseDate: {gt: {range: {n_days_ago: 30}}, lte: {literal: NEXT_QUARTER}}}`,
				"CloseDate > N_DAYS_AGO:30 AND CloseDate <= NEXT_QUARTER", false},
			{"Opportunity", `{CloseDate: {in: [{literal: LAST_MONTH}, {range: {next_n_months: 2}}]}}`,
				"(CloseDate = LAST_MONTH OR CloseDate = NEXT_N_MONTHS:2)", false},
			{"Opportunity", `{CloseDate: {nin: [{literal: THIS_MONTH}, {value: "2026-01-15"}]}}`,
				"CloseDate != THIS_MONTH AND CloseDate != 2026-01-15", true},
			// Semi-joins and anti-joins: parent to child on Id, child to parent on a reference.
			{"Account", `{Id: {inq: {Opportunity: {Amount: {gt: 1000}}, ApiName: "AccountId"}}}`,
				"Id IN (SELECT AccountId FROM Opportunity WHERE Amount > 1000)", true},
			{"Account", `{Id: {ninq: {Contact: {}, ApiName: "AccountId"}}}`, "Id NOT IN (SELECT AccountId FROM Contact)", true},
			{"Contact", `{AccountId: {inq: {Account: {Name: {like: "%a%"}}, ApiName: "Id"}}, LastName: {ne: null}}`,
				"AccountId IN (SELECT Id FROM Account WHERE Name LIKE '%a%') AND LastName != null", true},
			{"Product2", `{Id: {in: ["` + admin.soqlIDs("SELECT Id FROM Product2 ORDER BY Id LIMIT 2")[1] + `"]}}`,
				"Id IN ('" + admin.soqlIDs("SELECT Id FROM Product2 ORDER BY Id LIMIT 2")[1] + "')", true},
		}
		for _, c := range cases {
			got := admin.connIDs(c.object, `, where: `+c.where+`, orderBy: {Id: {order: ASC}}`, 200)
			want := admin.soqlIDs("SELECT Id FROM " + c.object + " WHERE " + c.soql + " ORDER BY Id")
			sameIDs(t, c.object+" where "+c.where, got, want)
			if c.some && len(want) == 0 {
				t.Fatalf("%s where %s: nothing to compare", c.object, c.soql)
			}
		}
		// scope: MINE is the records the caller owns.
		admin.data(`mutation { uiapi { AccountCreate(input: {Account: {Name: "Mine", OwnerId: "`+demo.ManagerUserID+`"}}) { Record { Id } } } }`, nil)
		mine := admin.connIDs("Account", ", scope: MINE, orderBy: {Id: {order: ASC}}", 200)
		sameIDs(t, "scope MINE", mine, admin.soqlIDs("SELECT Id FROM Account WHERE OwnerId = '"+demo.AdminUserID+"' ORDER BY Id"))
		if all := admin.soqlIDs("SELECT Id FROM Account"); len(mine) == 0 || len(mine) == len(all) {
			t.Fatalf("scope MINE: %d of %d accounts", len(mine), len(all))
		}
	})
}

// Ordering with nulls first and last, and cursors through more than 300 records, in SOQL's order.
func TestOrderingAndCursors(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		for i := range 2 { // accounts without a phone, so the nulls have somewhere to go
			admin.data(fmt.Sprintf(`mutation { uiapi { AccountCreate(input: {Account: {Name: "No Phone %d"}}) { Record { Id } } } }`, i), nil)
		}
		for _, c := range []struct{ order, soql string }{
			{`{Phone: {order: ASC, nulls: FIRST}}`, "Phone ASC NULLS FIRST"},
			{`{Phone: {order: ASC, nulls: LAST}}`, "Phone ASC NULLS LAST"},
			{`{Phone: {order: DESC, nulls: FIRST}}`, "Phone DESC NULLS FIRST"},
			{`{Phone: {order: DESC}}`, "Phone DESC"},
			{`{Owner: {Name: {order: DESC}}, Name: {order: ASC}}`, "Owner.Name DESC, Name ASC"},
		} {
			got := admin.connIDs("Account", ", orderBy: "+c.order, 3)
			sameIDs(t, "accounts by "+c.order, got, admin.soqlIDs("SELECT Id FROM Account ORDER BY "+c.soql+", Id"))
		}
		first := admin.data(`{ uiapi { query { Account(first: 1, orderBy: {Phone: {nulls: FIRST}}) { edges { node { Phone { value } } } } } } }`,
			nil, "uiapi", "query", "Account", "edges", 0, "node", "Phone", "value")
		last := admin.data(`{ uiapi { query { Account(first: 1, orderBy: {Phone: {nulls: LAST}}) { edges { node { Phone { value } } } } } } }`,
			nil, "uiapi", "query", "Account", "edges", 0, "node", "Phone", "value")
		if first != nil || last == nil {
			t.Fatalf("nulls first %v, nulls last %v", first, last)
		}

		got := admin.connIDs("PricebookEntry", ", orderBy: {UnitPrice: {order: DESC}}", 70)
		want := admin.soqlIDs("SELECT Id FROM PricebookEntry ORDER BY UnitPrice DESC, Id")
		if len(want) < 300 {
			t.Fatalf("only %d price book entries", len(want))
		}
		sameIDs(t, "price book entries through cursors", got, want)

		// A cursor the server did not write is refused.
		out := admin.gql(`{ uiapi { query { Account(after: "bm9wZQ") { edges { node { Id } } } } } }`, nil)
		if apitest.Dig(out, "data", "uiapi", "query", "Account") != nil || apitest.Dig(out, "errors", 0, "extensions", "ErrorType") != "ValidationError" {
			t.Fatalf("bad cursor: %v", out)
		}
	})
}

// Child connections read for a whole page at once answer what each parent's own query answers: its first rows
// in the connection's order and filter, hasNextPage and totalCount.
func TestChildConnectionsMatchSOQL(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		accounts := admin.soqlIDs("SELECT Id FROM Account ORDER BY Id")
		for i := range 3 { // a parent with more children than a page
			admin.data(fmt.Sprintf(`mutation { uiapi { ContactCreate(input: {Contact: {LastName: "Child %d", AccountId: "%s"}}) { Record { Id } } } }`,
				i, accounts[0]), nil)
		}
		for _, c := range []struct{ args, soql string }{
			{`first: 2, orderBy: {LastName: {order: DESC}}`, "ORDER BY LastName DESC, Id LIMIT 2"},
			{`first: 1, where: {LastName: {like: "Child%"}}`, "AND LastName LIKE 'Child%' ORDER BY Id LIMIT 1"},
			{`first: 0`, "ORDER BY Id LIMIT 0"},
		} {
			conn := admin.data(`{ uiapi { query { Account(first: 50, orderBy: {Id: {order: ASC}}) { edges { node { Id
				Contacts(`+c.args+`) { edges { node { Id } } pageInfo { hasNextPage } totalCount } } } } } } }`, nil, "uiapi", "query", "Account")
			edges := apitest.Dig(conn, "edges").([]any)
			if len(edges) != len(accounts) {
				t.Fatalf("%d accounts, soql %d", len(edges), len(accounts))
			}
			for _, e := range edges {
				id := apitest.Dig(e, "node", "Id").(string)
				where := "WHERE AccountId = '" + id + "' "
				all := admin.soqlIDs("SELECT Id FROM Contact " + where + strings.Split(c.soql, "ORDER BY")[0])
				if strings.HasSuffix(c.soql, "LIMIT 0") {
					all = admin.soqlIDs("SELECT Id FROM Contact " + where)
				}
				var want []string
				if !strings.HasSuffix(c.soql, "LIMIT 0") {
					want = admin.soqlIDs("SELECT Id FROM Contact " + where + c.soql)
				}
				child := apitest.Dig(e, "node", "Contacts")
				sameIDs(t, id+" contacts "+c.args, nodeIDs(child), want)
				n, _ := apitest.Dig(child, "totalCount").(json.Number).Int64()
				if int(n) != len(all) || apitest.Dig(child, "pageInfo", "hasNextPage") != (len(all) > len(want)) {
					t.Fatalf("%s contacts %s: %v, soql %d", id, c.args, child, len(all))
				}
			}
		}
	})
}
