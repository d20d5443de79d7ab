package soql

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

// grammarCases run as staff; each names the key listed from every record and the expected list.
var grammarCases = []struct {
	name, soql, key, want string
	total                 int
}{
	{"fields", "SELECT Id, Name FROM Account ORDER BY Name", "Name", "Acme,Globex,Initech", 3},
	{"keywords and text match without case", "select name from ACCOUNT where NAME = 'acme'", "Name", "Acme", 1},
	{"not equal keeps rows without a value", "SELECT Name FROM Account WHERE Industry != 'Retail' ORDER BY Name", "Name", "Globex,Initech", 2},
	{"<> is !=", "SELECT Name FROM Account WHERE Name <> 'Acme' ORDER BY Name", "Name", "Globex,Initech", 2},
	{"decimal greater", "SELECT Name FROM Account WHERE AnnualRevenue > 1000.5", "Name", "Globex", 1},
	{"decimal equal", "SELECT Name FROM Account WHERE AnnualRevenue = 1000.50", "Name", "Acme", 1},
	{"decimal beyond the scale", "SELECT Name FROM Account WHERE AnnualRevenue < 1000.505 ORDER BY Name", "Name", "Acme", 1},
	{"decimal beyond the scale, equal", "SELECT Name FROM Account WHERE AnnualRevenue = 1000.505", "Name", "", 0},
	{"integer less or equal", "SELECT Name FROM Account WHERE NumberOfEmployees <= 10", "Name", "Acme", 1},
	{"negative number", "SELECT Name FROM Account WHERE NumberOfEmployees > -1 ORDER BY Name", "Name", "Acme,Globex", 2},
	{"null", "SELECT Name FROM Account WHERE NumberOfEmployees = null", "Name", "Initech", 1},
	{"not null", "SELECT Name FROM Account WHERE NumberOfEmployees != NULL ORDER BY Name", "Name", "Acme,Globex", 2},
	{"NOT is two-valued", "SELECT Name FROM Account WHERE NOT NumberOfEmployees > 15 ORDER BY Name", "Name", "Acme,Initech", 2},
	{"boolean", "SELECT Name FROM Account WHERE IsBuyer = TRUE", "Name", "Acme", 1},
	{"boolean false", "SELECT Name FROM Account WHERE IsBuyer = false ORDER BY Name", "Name", "Globex,Initech", 2},
	{"like", "SELECT Name FROM Account WHERE Name LIKE 'g%'", "Name", "Globex", 1},
	{"like underscore", "SELECT Name FROM Account WHERE Name LIKE '_cm_'", "Name", "Acme", 1},
	{"like escaped percent", "SELECT Name FROM Account WHERE Name LIKE 'Acme\\%'", "Name", "", 0},
	{"string escapes", "SELECT LastName FROM Contact WHERE LastName = 'O\\'Brien'", "LastName", "O'Brien", 1},
	{"unicode escape", "SELECT Name FROM Account WHERE Name = '\\u0041cme'", "Name", "Acme", 1},
	{"in", "SELECT Name FROM Account WHERE Name IN ('Acme', 'Initech') ORDER BY Name", "Name", "Acme,Initech", 2},
	{"not in", "SELECT Name FROM Account WHERE Name NOT IN ('Acme', 'Initech')", "Name", "Globex", 1},
	{"in ids", "SELECT Name FROM Account WHERE Parent.Name IN ('Globex') ORDER BY Name", "Name", "Acme,Initech", 2},
	{"and or parentheses", "SELECT Name FROM Account WHERE (Industry = 'Retail' OR Industry = 'Banking') AND NumberOfEmployees > 15", "Name", "Globex", 1},
	{"or", "SELECT Name FROM Account WHERE Industry = 'Retail' OR Name = 'Initech' ORDER BY Name", "Name", "Acme,Initech", 2},
	{"parent path", "SELECT Name, Parent.Name FROM Account WHERE Parent.Name = 'Globex' ORDER BY Name", "Parent.Name", "Globex,Globex", 2},
	{"null parent", "SELECT Name, Parent.Name FROM Account WHERE Name = 'Globex'", "Parent", "<nil>", 1},
	{"object name leading a path", "SELECT Account.Name FROM Account WHERE Account.Name = 'Acme'", "Name", "Acme", 1},
	{"three levels", "SELECT LastName, Account.Parent.Name, Account.Parent.Owner.LastName FROM Contact WHERE Account.Name = 'Acme' ORDER BY LastName", "Account.Parent.Owner.LastName", "Admin,Admin", 2},
	{"order desc nulls first", "SELECT Name FROM Account ORDER BY NumberOfEmployees DESC NULLS FIRST", "Name", "Initech,Globex,Acme", 3},
	{"order asc puts nulls first", "SELECT Name FROM Account ORDER BY NumberOfEmployees", "Name", "Initech,Acme,Globex", 3},
	{"order asc nulls last", "SELECT Name FROM Account ORDER BY NumberOfEmployees ASC NULLS LAST", "Name", "Acme,Globex,Initech", 3},
	{"order by several", "SELECT Name FROM Account ORDER BY ParentId DESC, Name DESC", "Name", "Initech,Acme,Globex", 3},
	{"order by parent field", "SELECT LastName FROM Contact ORDER BY Account.Name DESC, LastName", "LastName", "Crane,Able,O'Brien", 3},
	{"limit offset", "SELECT Name FROM Account ORDER BY Name LIMIT 2 OFFSET 1", "Name", "Globex,Initech", 2},
	{"limit", "SELECT Name FROM Account ORDER BY Name LIMIT 1", "Name", "Acme", 1},
	{"offset past the end", "SELECT Name FROM Account OFFSET 5", "Name", "", 0},
	{"date", "SELECT Name FROM Widget__c WHERE Due__c = 2026-01-02", "Name", "W1", 1},
	{"date greater", "SELECT Name FROM Widget__c WHERE Due__c > 2026-01-02", "Name", "W3", 1},
	{"date literal last week", "SELECT Name FROM Widget__c WHERE Due__c = LAST_WEEK", "Name", "W1", 1},
	{"date literal n days ago", "SELECT Name FROM Widget__c WHERE Due__c = N_DAYS_AGO:3", "Name", "W1", 1},
	{"date literal last n days", "SELECT Name FROM Widget__c WHERE Due__c = LAST_N_DAYS:3", "Name", "W1", 1},
	{"date literal next month", "SELECT Name FROM Widget__c WHERE Due__c = NEXT_MONTH", "Name", "W3", 1},
	{"date literal after this month", "SELECT Name FROM Widget__c WHERE Due__c > THIS_MONTH", "Name", "W3", 1},
	{"date literal this year", "SELECT Name FROM Widget__c WHERE Due__c = THIS_YEAR ORDER BY Name", "Name", "W1,W3", 2},
	{"date literal last year", "SELECT Name FROM Widget__c WHERE Due__c = LAST_YEAR", "Name", "", 0},
	{"datetime today", "SELECT Name FROM Account WHERE CreatedDate = TODAY ORDER BY Name", "Name", "Acme,Globex,Initech", 3},
	{"datetime yesterday", "SELECT Name FROM Account WHERE CreatedDate = YESTERDAY", "Name", "", 0},
	{"datetime literal", "SELECT Name FROM Account WHERE CreatedDate >= 2026-01-05T10:00:00Z AND Name = 'Acme'", "Name", "Acme", 1},
	{"datetime literal with offset", "SELECT Name FROM Account WHERE CreatedDate < 2026-01-05T11:00:00+02:00", "Name", "", 0},
	{"datetime value", "SELECT CreatedDate FROM Account WHERE Name = 'Acme'", "CreatedDate", "2026-01-05T10:00:00.000+0000", 1},
	{"includes", "SELECT Name FROM Widget__c WHERE Colors__c INCLUDES ('Red') ORDER BY Name", "Name", "W1,W3", 2},
	{"includes all of", "SELECT Name FROM Widget__c WHERE Colors__c INCLUDES ('Red;Blue', 'Green') ORDER BY Name", "Name", "W1,W2", 2},
	{"excludes", "SELECT Name FROM Widget__c WHERE Colors__c EXCLUDES ('Red')", "Name", "W2", 1},
	{"currency value", "SELECT Price__c FROM Widget__c ORDER BY Price__c DESC", "Price__c", "20,9.99,5", 3},
	{"custom relationship", "SELECT Name, Account__r.Name FROM Widget__c ORDER BY Name", "Account__r.Name", "Acme,Acme,Globex", 3},
	{"owner", "SELECT Owner.LastName FROM Account WHERE Name = 'Acme'", "Owner.LastName", "Admin", 1},
	{"datetime after a date literal", "SELECT Name FROM Account WHERE CreatedDate > LAST_N_DAYS:3 ORDER BY Name", "Name", "", 0},
	{"datetime within a date literal", "SELECT Name FROM Account WHERE CreatedDate = LAST_N_DAYS:3 AND Name != 'Globex' ORDER BY Name", "Name", "Acme,Initech", 2},
	{"group by a parent field", "SELECT Parent.Name, COUNT(Id) FROM Account GROUP BY Parent.Name ORDER BY Parent.Name NULLS LAST", "Name", "Globex,<nil>", 2},
	{"aggregate with limit", "SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry ORDER BY Industry LIMIT 1", "Industry", "<nil>", 1},
	{"semi-join", "SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE LastName LIKE 'C%')", "Name", "Globex", 1},
	{"anti-join", "SELECT Name FROM Account WHERE Id NOT IN (SELECT AccountId FROM Contact) ORDER BY Name", "Name", "Initech", 1},
	{"semi-join on a reference", "SELECT LastName FROM Contact WHERE AccountId IN (SELECT Account__c FROM Widget__c WHERE Price__c < 6)", "LastName", "Crane", 1},
	{"having count", "SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry HAVING COUNT(Id) > 0 AND Industry != null ORDER BY Industry", "Industry", "Banking,Retail", 2},
	{"having average, exactly", "SELECT Account__r.Name, COUNT(Id) FROM Widget__c GROUP BY Account__r.Name HAVING AVG(Price__c) > 14.99", "Name", "Acme", 1},
	{"having average, not above itself", "SELECT Account__r.Name FROM Widget__c GROUP BY Account__r.Name HAVING AVG(Price__c) > 14.995", "Name", "", 0},
	{"having max", "SELECT Account__r.Name FROM Widget__c GROUP BY Account__r.Name HAVING MAX(Price__c) >= 20 OR MIN(Name) = 'W3' ORDER BY Account__r.Name", "Name", "Acme,Globex", 2},
	{"id filter", "", "", "", 0}, // filled in by the test with a real id
}

func TestGrammarOverHTTP(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		for _, c := range grammarCases {
			if c.soql == "" {
				c.soql, c.key, c.want, c.total = "SELECT Name FROM Account WHERE Id = '"+e.acme.ID[:15]+"'", "Name", "Acme", 1
			}
			t.Run(c.name, func(t *testing.T) {
				r := e.ok("staff", c.soql)
				if got := column(r, c.key); got != c.want || r.TotalSize != c.total || !r.Done {
					t.Fatalf("%s\ngot %s (totalSize %d, done %v), want %s (%d)", c.soql, got, r.TotalSize, r.Done, c.want, c.total)
				}
			})
		}
	})
}

// TestRecordShape checks one answer byte for byte: attributes, the field order of the query, canonical names,
// nested parents and null parents.
func TestRecordShape(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.query("staff", "SELECT name, ID, parent.name, NumberOfEmployees, AnnualRevenue, IsBuyer FROM Account WHERE Name IN ('Acme', 'Globex') ORDER BY Name")
		want := `{"totalSize":2,"done":true,"records":[` +
			`{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.acme.ID + `"},"Name":"Acme","Id":"` + e.acme.ID + `",` +
			`"Parent":{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.globex.ID + `"},"Name":"Globex"},` +
			`"NumberOfEmployees":10,"AnnualRevenue":1000.5,"IsBuyer":true},` +
			`{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.globex.ID + `"},"Name":"Globex","Id":"` + e.globex.ID + `",` +
			`"Parent":null,"NumberOfEmployees":20,"AnnualRevenue":2000,"IsBuyer":false}]}` + "\n"
		if res.Status != http.StatusOK || string(res.Body) != want {
			t.Fatalf("got %d %s\nwant %s", res.Status, res.Body, want)
		}
	})
}

func TestCountAggregatesAndChildren(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.query("staff", "SELECT COUNT() FROM Account WHERE Parent.Name = 'Globex'")
		if string(res.Body) != `{"totalSize":2,"done":true,"records":[]}`+"\n" {
			t.Fatalf("count: %s", res.Body)
		}
		if r := e.ok("staff", "SELECT count() FROM Account LIMIT 1"); r.TotalSize != 1 {
			t.Fatalf("count with limit: %+v", r)
		}
		res = e.query("staff", "SELECT Industry, COUNT(Id) n, MAX(NumberOfEmployees) FROM Account GROUP BY Industry ORDER BY Industry NULLS LAST")
		want := `{"totalSize":3,"done":true,"records":[` +
			`{"attributes":{"type":"AggregateResult"},"Industry":"Banking","n":1,"expr0":20},` +
			`{"attributes":{"type":"AggregateResult"},"Industry":"Retail","n":1,"expr0":10},` +
			`{"attributes":{"type":"AggregateResult"},"Industry":null,"n":1,"expr0":null}]}` + "\n"
		if string(res.Body) != want {
			t.Fatalf("group by:\ngot  %s\nwant %s", res.Body, want)
		}
		res = e.query("staff", "SELECT SUM(AnnualRevenue), AVG(Price__c) FROM Account")
		wantError(t, res, 400, CodeInvalidField, "\nSELECT SUM(AnnualRevenue), AVG(Price__c) FROM Account\n                               ^\nERROR at Row:1:Column:32\nNo such column 'Price__c' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.")
		r := e.ok("staff", "SELECT SUM(AnnualRevenue) total, COUNT_DISTINCT(Industry), MIN(Name) FROM Account")
		if b, _ := json.Marshal(r.Records); dig(r.Records[0], "total") != 3000.5 || dig(r.Records[0], "expr0") != float64(2) || dig(r.Records[0], "expr1") != "Acme" {
			t.Fatalf("aggregates: %s", b)
		}
		r = e.ok("staff", "SELECT AVG(Price__c) FROM Widget__c WHERE Account__r.Name = 'Acme'")
		if dig(r.Records[0], "expr0") != 14.995 {
			t.Fatalf("avg: %+v", r.Records)
		}
		res = e.query("staff", "SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName DESC) FROM Account WHERE Name IN ('Acme', 'Initech') ORDER BY Name")
		want = `{"totalSize":2,"done":true,"records":[` +
			`{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.acme.ID + `"},"Name":"Acme","Contacts":{"totalSize":2,"done":true,"records":[` +
			contactAttrs(t, e, "O'Brien") + `,"LastName":"O'Brien"},` + contactAttrs(t, e, "Able") + `,"LastName":"Able"}]}},` +
			`{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.initech.ID + `"},"Name":"Initech","Contacts":null}]}` + "\n"
		if string(res.Body) != want {
			t.Fatalf("children:\ngot  %s\nwant %s", res.Body, want)
		}
		r = e.ok("staff", "SELECT Name, (SELECT Name FROM Widgets__r WHERE Price__c > 6 ORDER BY Price__c DESC LIMIT 1) FROM Account WHERE Name = 'Acme'")
		if column(r, "Widgets__r.totalSize") != "1" || dig(r.Records[0]["Widgets__r"].(map[string]any)["records"].([]any)[0], "Name") != "W2" {
			t.Fatalf("child filter: %+v", r.Records)
		}
		r = e.ok("staff", "SELECT FIELDS(STANDARD) FROM Widget__c WHERE Name = 'W1'")
		if len(r.Records) != 1 || r.Records[0]["Name"] != "W1" || r.Records[0]["Price__c"] != nil || r.Records[0]["Token__c"] != nil {
			t.Fatalf("FIELDS(STANDARD) on a custom object: %+v", r.Records)
		}
		if _, ok := r.Records[0]["CreatedDate"]; !ok {
			t.Fatalf("FIELDS(STANDARD) lacks the system fields: %+v", r.Records)
		}
		r = e.ok("staff", "SELECT FIELDS(CUSTOM) FROM Widget__c WHERE Name = 'W1' LIMIT 200")
		if b, _ := json.Marshal(r.Records[0]); r.Records[0]["Price__c"] != 9.99 || r.Records[0]["Name"] != nil || r.Records[0]["Token__c"] != nil || len(r.Records[0]) != 6 {
			t.Fatalf("FIELDS(CUSTOM): %s", b)
		}
		r = e.ok("staff", "SELECT FIELDS(ALL) FROM Widget__c WHERE Name = 'W1' LIMIT 1")
		if r.Records[0]["Price__c"] != 9.99 || r.Records[0]["Name"] != "W1" || r.Records[0]["Token__c"] != nil {
			t.Fatalf("FIELDS(ALL): %+v", r.Records[0])
		}
		wantError(t, e.query("staff", "SELECT FIELDS(ALL) FROM Account"), 400, CodeMalformed,
			"\nSELECT FIELDS(ALL) FROM Account\n       ^\nERROR at Row:1:Column:8\nThe SOQL FIELDS function must have a LIMIT of at most 200")
		r = e.ok("staff", "SELECT FIELDS(STANDARD) FROM Account WHERE Name = 'Acme'")
		if r.Records[0]["AnnualRevenue"] != 1000.5 || r.Records[0]["BillingCity"] != nil {
			t.Fatalf("FIELDS(STANDARD): %+v", r.Records)
		}
	})
}

// Compound addresses come as objects made of their components, null when every component is empty.
func TestAddresses(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		if _, err := e.engine.Update(context.Background(), e.staff, e.acme.ID, map[string]any{"BillingCity": "Springfield", "BillingCountry": "US", "BillingStreet": "1 Main St"}, records.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		res := e.query("staff", "SELECT BillingAddress, Parent.BillingAddress FROM Account WHERE Name = 'Acme'")
		want := `{"totalSize":1,"done":true,"records":[{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.acme.ID + `"},` +
			`"BillingAddress":{"city":"Springfield","country":"US","geocodeAccuracy":null,"latitude":null,"longitude":null,"postalCode":null,"state":null,"street":"1 Main St"},` +
			`"Parent":{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/` + e.globex.ID + `"},"BillingAddress":null}}]}` + "\n"
		if string(res.Body) != want {
			t.Fatalf("got  %s\nwant %s", res.Body, want)
		}
		r := e.ok("staff", "SELECT FIELDS(STANDARD) FROM Account WHERE Name = 'Acme'")
		if dig(r.Records[0], "BillingAddress.city") != "Springfield" || r.Records[0]["BillingCity"] != "Springfield" {
			t.Fatalf("FIELDS(STANDARD) address: %+v", r.Records[0])
		}
		wantError(t, e.query("staff", "SELECT Id FROM Account WHERE BillingAddress = 'x'"), 400, CodeInvalidField,
			"\nSELECT Id FROM Account WHERE BillingAddress = 'x'\n                             ^\nERROR at Row:1:Column:30\nfield 'BillingAddress' can not be filtered in query call")
	})
}

// contactAttrs is the attributes opening of the contact with the last name.
func contactAttrs(t *testing.T, e *env, lastName string) string {
	r := e.ok("staff", "SELECT Id FROM Contact WHERE LastName = '"+escape(lastName)+"'")
	id := r.Records[0]["Id"].(string)
	return `{"attributes":{"type":"Contact","url":"/services/data/v64.0/sobjects/Contact/` + id + `"}`
}

func escape(s string) string {
	out := ""
	for _, c := range s {
		if c == '\'' || c == '\\' {
			out += "\\"
		}
		out += string(c)
	}
	return out
}

func TestErrorsOverHTTP(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		const typeTail = " is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names."
		const fieldTail = ". If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."
		const relTail = " in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."
		cases := []struct {
			as, soql, code, msg string
		}{
			{"staff", "SELECT Id FROM Nope", CodeInvalidType, "\nSELECT Id FROM Nope\n               ^\nERROR at Row:1:Column:16\nsObject type 'Nope'" + typeTail},
			{"staff", "SELECT Id, Bogus FROM Account", CodeInvalidField, "\nSELECT Id, Bogus FROM Account\n           ^\nERROR at Row:1:Column:12\nNo such column 'Bogus' on entity 'Account'" + fieldTail},
			{"staff", "SELECT Id FROM Account\nWHERE Nope.Name = 'x'", CodeInvalidField, "\nWHERE Nope.Name = 'x'\n      ^\nERROR at Row:2:Column:7\nDidn't understand relationship 'Nope'" + relTail},
			{"staff", "SELECT Id FROM Account WHERE", CodeMalformed, "\nSELECT Id FROM Account WHERE\n                            ^\nERROR at Row:1:Column:29\nunexpected token: '<EOF>'"},
			{"staff", "SELECT Id FROM Account WHERE Name = 'a' AND Name = 'b' OR Name = 'c'", CodeMalformed, "\nSELECT Id FROM Account WHERE Name = 'a' AND Name = 'b' OR Name = 'c'\n                                                       ^\nERROR at Row:1:Column:56\nunexpected token: 'OR'"},
			{"staff", "SELECT Id FROM Account OFFSET 2001", CodeOutOfRange, "\nSELECT Id FROM Account OFFSET 2001\n                              ^\nERROR at Row:1:Column:31\nMaximum SOQL offset allowed is 2000"},
			{"staff", "SELECT Id FROM Account WHERE Name = 5", CodeInvalidField, "\nSELECT Id FROM Account WHERE Name = 5\n                                    ^\nERROR at Row:1:Column:37\nvalue of filter criterion for field 'Name' must be of type string and should be enclosed in quotes"},
			{"staff", "SELECT Id FROM Account WHERE NumberOfEmployees = '5'", CodeInvalidField, "\nSELECT Id FROM Account WHERE NumberOfEmployees = '5'\n                                                 ^\nERROR at Row:1:Column:50\nvalue of filter criterion for field 'NumberOfEmployees' must be of type int and should not be enclosed in quotes"},
			{"staff", "SELECT Id FROM Account WHERE Id = 'bad'", CodeInvalidFilter, "\nSELECT Id FROM Account WHERE Id = 'bad'\n                                  ^\nERROR at Row:1:Column:35\ninvalid ID field: bad"},
			{"staff", "SELECT Id FROM Account WHERE Name = 'open", CodeMalformed, "\nSELECT Id FROM Account WHERE Name = 'open\n                                    ^\nERROR at Row:1:Column:37\nline 1:41 mismatched character '<EOF>' expecting '''"},
			{"staff", "SELECT Name, COUNT(Id) FROM Account", CodeMalformed, "\nSELECT Name, COUNT(Id) FROM Account\n       ^\nERROR at Row:1:Column:8\nField must be grouped or aggregated: Name"},
			{"staff", "SELECT Id FROM Widget__c WHERE Name INCLUDES ('a')", CodeInvalidFilter, "\nSELECT Id FROM Widget__c WHERE Name INCLUDES ('a')\n                               ^\nERROR at Row:1:Column:32\nincludes or excludes operator only valid on multipicklist field"},
			{"staff", "SELECT Id, (SELECT Id FROM Nopes) FROM Account", CodeInvalidType, "\nSELECT Id, (SELECT Id FROM Nopes) FROM Account\n                           ^\nERROR at Row:1:Column:28\nDidn't understand relationship 'Nopes' in FROM part of query call. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."},
			{"staff", "", CodeMalformed, "SOQL statements cannot be empty or null"},
			{"staff", "SELECT Id FROM Account WHERE COUNT(Id) > 1", CodeMalformed, "\nSELECT Id FROM Account WHERE COUNT(Id) > 1\n                             ^\nERROR at Row:1:Column:30\nAggregate functions are only allowed in the field list and HAVING"},
			{"staff", "SELECT Industry FROM Account GROUP BY Industry HAVING Name = 'x'", CodeMalformed, "\nSELECT Industry FROM Account GROUP BY Industry HAVING Name = 'x'\n                                                      ^\nERROR at Row:1:Column:55\nField must be grouped or aggregated: Name"},
			{"staff", "SELECT Id FROM Account WHERE Id IN (SELECT Id FROM Contact WHERE AccountId IN (SELECT Id FROM Account))", CodeMalformed, "\nunt WHERE Id IN (SELECT Id FROM Contact WHERE AccountId IN (SELECT Id FROM Account))\n                                                            ^\nERROR at Row:1:Column:80\nNesting of semi join sub-selects is not supported"},
			{"staff", "SELECT Account.Parent.Parent.Parent.Parent.Parent.Name FROM Contact", CodeMalformed, "\nSELECT Account.Parent.Parent.Parent.Parent.Parent.Name FROM Contact\n       ^\nERROR at Row:1:Column:8\nSOQL statements cannot query more than 5 levels of relationships"},
			{"staff", "SELECT Id FROM Widget__c WHERE Due__c = LAST_N_DAYS", CodeMalformed, "\nSELECT Id FROM Widget__c WHERE Due__c = LAST_N_DAYS\n                                        ^\nERROR at Row:1:Column:41\nInvalid date literal: LAST_N_DAYS"},
			// Hidden fields and objects out of the caller's sight (a buyer and leads) answer as if they did not exist.
			{"staff", "SELECT Token__c FROM Widget__c", CodeInvalidField, "\nSELECT Token__c FROM Widget__c\n       ^\nERROR at Row:1:Column:8\nNo such column 'Token__c' on entity 'Widget__c'" + fieldTail},
			{"buyer", "SELECT Id FROM Widget__c WHERE Token__c = 'secret'", CodeInvalidField, "\nSELECT Id FROM Widget__c WHERE Token__c = 'secret'\n                               ^\nERROR at Row:1:Column:32\nNo such column 'Token__c' on entity 'Widget__c'" + fieldTail},
			{"buyer", "SELECT Id FROM Lead", CodeInvalidType, "\nSELECT Id FROM Lead\n               ^\nERROR at Row:1:Column:16\nsObject type 'Lead'" + typeTail},
			{"buyer", "SELECT Id, Owner.Name FROM Lead", CodeInvalidType, "\nSELECT Id, Owner.Name FROM Lead\n                           ^\nERROR at Row:1:Column:28\nsObject type 'Lead'" + typeTail},
		}
		for _, c := range cases {
			wantError(t, e.query(c.as, c.soql), http.StatusBadRequest, c.code, c.msg)
		}
		wantError(t, e.srv.Get(e.t, "query", "staff"), http.StatusBadRequest, CodeMalformed, "SOQL statements cannot be empty or null")
		wantError(t, e.srv.Get(e.t, "query/01gSF0000000000AAA-200", "staff"), http.StatusBadRequest, CodeInvalidLocator, "invalid query locator")
		wantError(t, e.srv.Get(e.t, "query/nonsense", "staff"), http.StatusBadRequest, CodeInvalidLocator, "invalid query locator")
		wantError(t, e.query("", "SELECT Id FROM Account"), http.StatusUnauthorized, "INVALID_SESSION_ID", "Session expired or invalid")
	})
}
