package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
	"storefront/internal/demo"
	"storefront/internal/records"
)

// matrixObject is an object of the permission matrix: a valid new record, a change, and the record the reads and
// edits are tried on (one in the buyer's account where the object has one).
type matrixObject struct {
	name    string
	table   string
	create  func(n int) map[string]any
	edit    map[string]any
	fixture func(t *testing.T, s *demoSite, admin string) string
}

func created(name string, fields map[string]any) func(t *testing.T, s *demoSite, admin string) string {
	return func(t *testing.T, s *demoSite, admin string) string { return s.createRecord(t, admin, name, fields) }
}

func matrixObjects() []matrixObject {
	named := func(key string) func(n int) map[string]any {
		return func(n int) map[string]any { return map[string]any{key: fmt.Sprintf("Matrix %d", n)} }
	}
	return []matrixObject{
		{name: "Account", table: "account", create: named("Name"), edit: map[string]any{"Description": "edited"},
			fixture: func(*testing.T, *demoSite, string) string { return demo.BuyerAccountID }},
		{name: "Contact", table: "contact", create: named("LastName"), edit: map[string]any{"Title": "edited"},
			fixture: created("Contact", map[string]any{"LastName": "Matrix", "AccountId": demo.BuyerAccountID})},
		{name: "Case", table: "case", create: named("Subject"), edit: map[string]any{"Subject": "edited"},
			fixture: created("Case", map[string]any{"Subject": "Matrix", "AccountId": demo.BuyerAccountID})},
		{name: "Product2", table: "product2", create: named("Name"), edit: map[string]any{"Description": "edited"},
			fixture: func(t *testing.T, s *demoSite, _ string) string {
				_, p := s.soql(t, s.srv.Token(t, "buyer@example.com"), "SELECT Id FROM Product2 ORDER BY Id LIMIT 1", nil)
				if len(p.Records) != 1 {
					t.Fatal("the buyer sees no product")
				}
				return p.Records[0]["Id"].(string)
			}},
		{name: "Pricebook2", table: "pricebook2", create: named("Name"), edit: map[string]any{"Description": "edited"},
			fixture: created("Pricebook2", map[string]any{"Name": "Matrix Book"})},
		{name: "Lead", table: "lead", create: func(n int) map[string]any {
			return map[string]any{"LastName": fmt.Sprintf("Matrix %d", n), "Company": fmt.Sprintf("Matrix Co %d", n)}
		}, edit: map[string]any{"Title": "edited"},
			fixture: created("Lead", map[string]any{"LastName": "Matrix", "Company": "Matrix Co"})},
		{name: "PermissionSet", table: "permissionset", create: func(n int) map[string]any {
			return map[string]any{"Name": fmt.Sprintf("Matrix_%d", n), "Label": fmt.Sprintf("Matrix %d", n)}
		}, edit: map[string]any{"Description": "edited"},
			fixture: created("PermissionSet", map[string]any{"Name": "Matrix_Set", "Label": "Matrix Set"})},
	}
}

// The rights of each demo profile: create, read, edit, delete (objects not listed: none). Buyers read the rows of
// their own accounts and entitled products, and create cases; staff have their profile's permission sets.
var permissionMatrix = map[string]map[string]string{
	"admin@example.com": {"Account": "CRED", "Contact": "CRED", "Case": "CRED", "Product2": "CRED",
		"Pricebook2": "CRED", "Lead": "CRED", "PermissionSet": "CRED"},
	"merchandiser@example.com": {"Account": "CRED", "Contact": "CRED", "Product2": "CRED", "Pricebook2": "CRED"},
	"support@example.com":      {"Account": "R", "Contact": "CRED", "Case": "CRED", "Product2": "R"},
	"buyer@example.com":        {"Account": "R", "Contact": "R", "Case": "CR", "Product2": "R"},
}

// TestPermissionMatrix tries every demo profile's create, read, edit and delete of each object through the records
// API (ui-api/records), sObject REST and SOQL: what the profile may do succeeds, the rest is refused with the API's
// error and changes nothing.
func TestPermissionMatrix(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		tokens := map[string]string{}
		for user := range permissionMatrix {
			tokens[user] = s.srv.Token(t, user)
		}
		admin := tokens["admin@example.com"]
		n := 0
		for _, o := range matrixObjects() {
			fixture := o.fixture(t, s, admin)
			for user, rights := range permissionMatrix {
				token := tokens[user]
				may := func(op string) bool { return strings.Contains(rights[o.name], op) }
				what := func(op, via string) string { return fmt.Sprintf("%s %s %s via %s", user, op, o.name, via) }

				// Read.
				readStatus := map[bool]int{true: 200, false: 404}[may("R")]
				r := s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+fixture+"?fields="+o.name+".Id", token)
				wantStatus(t, what("read", "ui-api"), r, readStatus, "NOT_FOUND")
				r = s.srv.Get(t, "/services/data/v64.0/sobjects/"+o.name+"/"+fixture, token)
				wantStatus(t, what("read", "sobjects"), r, readStatus, "NOT_FOUND")
				r, p := s.soql(t, token, "SELECT Id FROM "+o.name+" WHERE Id = '"+fixture+"'", nil)
				if may("R") {
					if r.Status != 200 || p.TotalSize != 1 {
						t.Fatalf("%s: %d %s", what("read", "SOQL"), r.Status, r.Body)
					}
				} else {
					wantStatus(t, what("read", "SOQL"), r, 400, "INVALID_TYPE")
				}

				// Create, through each API: the row is there, or nothing is.
				for _, via := range []string{"ui-api", "sobjects"} {
					n++
					body := o.create(n)
					if o.name == "Case" && user == "buyer@example.com" {
						body["AccountId"] = demo.BuyerAccountID
					}
					r = s.createVia(t, via, token, o.name, body)
					rows := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM `+quoteTable(o.table)+` WHERE `+
						firstKey(body)+` = ?`, body[keyName(body)])
					if may("C") {
						wantStatus(t, what("create", via), r, 201, "")
						if rows != "1" {
							t.Fatalf("%s: %s rows", what("create", via), rows)
						}
					} else {
						wantRefused(t, what("create", via), r, may("R"))
						if rows != "0" {
							t.Fatalf("%s: refused, yet %s rows", what("create", via), rows)
						}
					}
				}

				// Edit.
				for _, via := range []string{"ui-api", "sobjects"} {
					s.updateAs(t, admin, "sobjects", o.name, fixture, blank(o.edit))
					r = s.updateAs(t, token, via, o.name, fixture, o.edit)
					col, val := firstKey(o.edit), o.edit[keyName(o.edit)]
					got := s.queryString(t, `SELECT COALESCE(`+col+`, '') FROM `+quoteTable(o.table)+` WHERE "id" = ?`, fixture)
					if may("E") {
						wantStatus(t, what("edit", via), r, map[string]int{"ui-api": 200, "sobjects": 204}[via], "")
						if got != val {
							t.Fatalf("%s: %s is %q", what("edit", via), col, got)
						}
					} else {
						wantRefused(t, what("edit", via), r, may("R"))
						if got != "" {
							t.Fatalf("%s: refused, yet %s is %q", what("edit", via), col, got)
						}
					}
				}

				// Delete: a record of the buyer's account where the object has one, made for the purpose.
				for _, via := range []string{"ui-api", "sobjects"} {
					n++
					body := o.create(n)
					if o.name == "Contact" || o.name == "Case" {
						body["AccountId"] = demo.BuyerAccountID
					}
					id := s.createRecord(t, admin, o.name, body)
					path := map[string]string{"ui-api": "/services/data/v64.0/ui-api/records/" + id,
						"sobjects": "/services/data/v64.0/sobjects/" + o.name + "/" + id}[via]
					r = s.srv.Call(t, "DELETE", path, token, "")
					left := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM `+quoteTable(o.table)+` WHERE "id" = ?`, id)
					if may("D") {
						wantStatus(t, what("delete", via), r, 204, "")
						if left != "0" {
							t.Fatalf("%s: the row is still there", what("delete", via))
						}
					} else {
						// A buyer reads only the rows of their own accounts and entitled products: a new account or
						// product is not found.
						visible := may("R") && (user != "buyer@example.com" || o.name == "Contact" || o.name == "Case")
						wantRefused(t, what("delete", via), r, visible)
						if left != "1" {
							t.Fatalf("%s: refused, yet the row is gone", what("delete", via))
						}
					}
				}
			}
		}
	})
}

// createVia creates a record through the records API or sObject REST.
func (s *demoSite) createVia(t *testing.T, via, token, object string, fields map[string]any) apitest.Reply {
	t.Helper()
	if via == "ui-api" {
		return s.srv.Call(t, "POST", "/services/data/v64.0/ui-api/records", token,
			apitest.JSON(map[string]any{"apiName": object, "fields": fields}))
	}
	return s.srv.Call(t, "POST", "/services/data/v64.0/sobjects/"+object, token, apitest.JSON(fields))
}

// updateAs changes a record through the records API or sObject REST.
func (s *demoSite) updateAs(t *testing.T, token, via, object, id string, fields map[string]any) apitest.Reply {
	t.Helper()
	if via == "ui-api" {
		return s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+id, token, apitest.JSON(map[string]any{"fields": fields}))
	}
	return s.srv.Call(t, "PATCH", "/services/data/v64.0/sobjects/"+object+"/"+id, token, apitest.JSON(fields))
}

// wantRefused checks a refused write: 403 INSUFFICIENT_ACCESS_OR_READONLY where the caller may read the object,
// 404 NOT_FOUND where they may not even see it.
func wantRefused(t *testing.T, what string, r apitest.Reply, readable bool) {
	t.Helper()
	if readable {
		wantStatus(t, what, r, 403, "INSUFFICIENT_ACCESS_OR_READONLY")
		return
	}
	if r.Status == 403 {
		wantStatus(t, what, r, 403, "INSUFFICIENT_ACCESS_OR_READONLY")
		return
	}
	wantStatus(t, what, r, 404, "NOT_FOUND")
}

// wantStatus checks the status and, for errors, the error code of the body (the UI API's object or sObject REST's
// list of errors).
func wantStatus(t *testing.T, what string, r apitest.Reply, status int, code string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: %d %s, want %d", what, r.Status, r.Body, status)
	}
	if status >= 400 && code != "" && !strings.Contains(r.Body, `"errorCode":"`+code+`"`) {
		t.Fatalf("%s: %s, want %s", what, r.Body, code)
	}
}

// keyName is the field a test record is found by: the first by name but AccountId (each value is unique).
func keyName(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != "AccountId" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys[0]
}

func firstKey(m map[string]any) string { return `"` + strings.ToLower(keyName(m)) + `"` }

func quoteTable(name string) string { return `"` + name + `"` }

// blank is the change that empties the fields of m.
func blank(m map[string]any) map[string]any {
	out := map[string]any{}
	for k := range m {
		out[k] = nil
	}
	return out
}

// TestFieldLevelSecurity hides a field from a profile: a field without read access is as if it did not exist for
// the profile's users (SOQL, the records API, sObject REST, object-info and describe); a read-only field is
// refused on write. Each profile has its own: Store Managers and Support Agents do not see Account.AnnualRevenue,
// Support Agents not Order.GrandTotalAmount either; no one sees a hidden field such as WebCart.GuestSessionId.
func TestFieldLevelSecurity(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		s.updateAs(t, admin, "sobjects", "Account", demo.BuyerAccountID, map[string]any{"AnnualRevenue": 1234})
		hidden := map[string][]string{
			"admin@example.com":        {"WebCart.GuestSessionId"},
			"buyer@example.com":        {"WebCart.GuestSessionId"},
			"merchandiser@example.com": {"Account.AnnualRevenue"},
			"support@example.com":      {"Account.AnnualRevenue", "Order.GrandTotalAmount"},
		}
		for user, fields := range hidden {
			token := s.srv.Token(t, user)
			for _, path := range fields {
				object, field, _ := strings.Cut(path, ".")
				r, _ := s.soql(t, token, "SELECT "+field+" FROM "+object+" LIMIT 1", nil)
				wantStatus(t, user+" SOQL "+path, r, 400, "INVALID_FIELD")
				r, _ = s.soql(t, token, "SELECT Id FROM "+object+" WHERE "+field+" != null LIMIT 1", nil)
				wantStatus(t, user+" SOQL filter on "+path, r, 400, "INVALID_FIELD")
				if r = s.srv.Get(t, "/services/data/v64.0/ui-api/object-info/"+object, token); r.Status == 200 &&
					strings.Contains(r.Body, `"apiName":"`+field+`"`) {
					t.Fatalf("%s: object-info shows %s", user, path)
				}
				if r = s.srv.Get(t, "/services/data/v64.0/sobjects/"+object+"/describe", token); r.Status == 200 &&
					strings.Contains(r.Body, `"name":"`+field+`"`) {
					t.Fatalf("%s: describe shows %s", user, path)
				}
			}
		}

		// The account's revenue: read by the administrator, absent for a Store Manager and a Support Agent.
		for user, visible := range map[string]bool{"admin@example.com": true, "merchandiser@example.com": false,
			"support@example.com": false} {
			token := s.srv.Token(t, user)
			r, p := s.soql(t, token, "SELECT Name, AnnualRevenue FROM Account WHERE Id = '"+demo.BuyerAccountID+"'", nil)
			if visible != (r.Status == 200) || visible && p.Records[0]["AnnualRevenue"] != 1234.0 {
				t.Fatalf("%s: SOQL AnnualRevenue: %d %s", user, r.Status, r.Body)
			}
			r = s.srv.Get(t, "/services/data/v64.0/sobjects/Account/"+demo.BuyerAccountID, token)
			if r.Status != 200 || strings.Contains(r.Body, `"AnnualRevenue"`) == !visible {
				t.Fatalf("%s: sObject record: %d %s", user, r.Status, r.Body)
			}
			r = s.srv.Get(t, "/services/data/v64.0/sobjects/Account/"+demo.BuyerAccountID+"?fields=Name,AnnualRevenue", token)
			if visible {
				wantStatus(t, user+" sObject ?fields", r, 200, "")
			} else {
				wantStatus(t, user+" sObject ?fields", r, 400, "INVALID_FIELD")
			}
			r = s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+demo.BuyerAccountID+"?fields=Account.AnnualRevenue", token)
			if visible {
				wantStatus(t, user+" ui-api fields", r, 200, "")
			} else {
				wantStatus(t, user+" ui-api fields", r, 400, "INVALID_FIELD")
			}
			r = s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+demo.BuyerAccountID+"?layoutTypes=Full", token)
			if r.Status != 200 || strings.Contains(r.Body, `"AnnualRevenue"`) == !visible {
				t.Fatalf("%s: ui-api Full layout: %d %s", user, r.Status, r.Body)
			}
			if !visible {
				r = s.updateAs(t, token, "sobjects", "Account", demo.BuyerAccountID, map[string]any{"AnnualRevenue": 1})
				if user == "support@example.com" { // accounts are read only for them
					wantStatus(t, user+" writes the hidden field", r, 403, "INSUFFICIENT_ACCESS_OR_READONLY")
				} else {
					wantStatus(t, user+" writes the hidden field", r, 400, "INVALID_FIELD")
				}
			}
		}
		if got := s.queryString(t, `SELECT CAST(annualrevenue AS TEXT) FROM account WHERE id = ?`, demo.BuyerAccountID); !strings.HasPrefix(got, "1234") {
			t.Fatalf("annual revenue %s", got)
		}

		// A read-only field: shown, not updateable, refused on write.
		merch := s.srv.Token(t, "merchandiser@example.com")
		var info struct {
			Createable, Updateable, Deletable, Queryable bool
			Fields                                       map[string]struct{ Createable, Updateable bool }
		}
		s.srv.Get(t, "/services/data/v64.0/ui-api/object-info/Account", merch).Decode(t, "object-info", 200, &info)
		if f, ok := info.Fields["AccountNumber"]; !ok || f.Updateable || f.Createable || !info.Fields["Name"].Updateable ||
			!info.Createable || !info.Updateable || !info.Deletable {
			t.Fatalf("merchandiser's Account object-info: %+v", info)
		}
		r := s.updateAs(t, merch, "ui-api", "Account", demo.BuyerAccountID, map[string]any{"AccountNumber": "X-1"})
		wantStatus(t, "merchandiser writes AccountNumber", r, 400, "INVALID_FIELD_FOR_INSERT_UPDATE")

		// The Support Agent's orders are read only: object-info and describe say so.
		support := s.srv.Token(t, "support@example.com")
		s.srv.Get(t, "/services/data/v64.0/ui-api/object-info/Order", support).Decode(t, "support's Order", 200, &info)
		if info.Createable || info.Updateable || info.Deletable || !info.Queryable || len(info.Fields) == 0 {
			t.Fatalf("support's Order object-info: %+v", info)
		}
		var describe struct {
			Createable, Updateable, Deletable, Queryable bool
			Fields                                       []struct {
				Name                   string
				Createable, Updateable bool
			}
		}
		s.srv.Get(t, "/services/data/v64.0/sobjects/Order/describe", support).Decode(t, "support's Order describe", 200, &describe)
		if describe.Createable || describe.Updateable || describe.Deletable || !describe.Queryable {
			t.Fatalf("support's Order describe: %+v", describe)
		}
		for _, f := range describe.Fields {
			if f.Createable || f.Updateable {
				t.Fatalf("support's Order describe: %s is writable", f.Name)
			}
		}
		// Related lists from objects the caller may not read do not exist for them: no Cases under a Store
		// Manager's accounts.
		for token, want := range map[string]bool{admin: true, merch: false} {
			for _, path := range []string{"ui-api/object-info/Account", "sobjects/Account/describe"} {
				r := s.srv.Get(t, "/services/data/v64.0/"+path, token)
				if r.Status != 200 || strings.Contains(r.Body, `"relationshipName":"Cases"`) != want {
					t.Fatalf("%s: Cases relationship shown %v: %d", path, !want, r.Status)
				}
			}
		}
		// The merchandiser has no user administration.
		if r := s.srv.Get(t, "/services/data/v64.0/ui-api/object-info/PermissionSet", merch); r.Status != 404 {
			t.Fatalf("merchandiser's PermissionSet object-info: %d", r.Status)
		}
		var users struct{ Createable, Updateable bool }
		s.srv.Get(t, "/services/data/v64.0/ui-api/object-info/User", merch).Decode(t, "merchandiser's User", 200, &users)
		if users.Createable || users.Updateable {
			t.Fatalf("merchandiser's User object-info: %+v", users)
		}
	})
}

// TestPermissionsAreRecords: an administrator changes access through the records API and it holds at once; the
// permission records are written only with user administration.
func TestPermissionsAreRecords(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		support := s.srv.Token(t, "support@example.com")
		merch := s.srv.Token(t, "merchandiser@example.com")
		const leads = "SELECT Id FROM Lead LIMIT 1"
		if r, _ := s.soql(t, support, leads, nil); r.Status != 400 {
			t.Fatalf("support reads leads before the grant: %d", r.Status)
		}

		// A permission set with Lead read, assigned to the Support Agent.
		set := s.createRecord(t, admin, "PermissionSet", map[string]any{"Name": "Lead_Reader", "Label": "Lead Reader"})
		s.createRecord(t, admin, "ObjectPermissions", map[string]any{"ParentId": set, "SobjectType": "Lead",
			"PermissionsRead": true})
		s.createRecord(t, admin, "FieldPermissions", map[string]any{"ParentId": set, "SobjectType": "Lead",
			"Field": "Lead.Title", "PermissionsRead": true})
		assignment := s.createRecord(t, admin, "PermissionSetAssignment", map[string]any{"AssigneeId": demo.SupportUserID,
			"PermissionSetId": set})
		if r, p := s.soql(t, support, "SELECT Id, Title FROM Lead LIMIT 1", nil); r.Status != 200 || p.TotalSize != 1 {
			t.Fatalf("support after the grant: %d %s", r.Status, r.Body)
		}
		if r, _ := s.soql(t, support, "SELECT Email FROM Lead LIMIT 1", nil); r.Status != 400 {
			t.Fatalf("support reads a field not granted: %d %s", r.Status, r.Body)
		}
		if r := s.createVia(t, "sobjects", support, "Lead", map[string]any{"LastName": "X", "Company": "Y"}); r.Status != 403 {
			t.Fatalf("support creates a lead with read only: %d %s", r.Status, r.Body)
		}

		// A user without user administration may not grant themselves more.
		r := s.createVia(t, "ui-api", merch, "PermissionSetAssignment", map[string]any{"AssigneeId": demo.MerchandiserUserID,
			"PermissionSetId": set})
		wantRefused(t, "merchandiser assigns a permission set", r, false)
		r = s.createVia(t, "sobjects", support, "ObjectPermissions", map[string]any{"ParentId": set, "SobjectType": "Lead",
			"PermissionsCreate": true})
		wantRefused(t, "support grants themselves more", r, false)
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM permissionsetassignment WHERE assigneeid = ?`, demo.MerchandiserUserID); n != "0" {
			t.Fatalf("refused assignment written: %s", n)
		}

		// Composite subrequests run with the caller's rights: the Support Agent's contact is written, the price
		// book (an object they may not see) is not found, and a collection with allOrNone leaves nothing.
		r = s.srv.Call(t, "POST", "/services/data/v64.0/composite", support, `{"allOrNone":false,"compositeRequest":[
			{"method":"POST","url":"/services/data/v64.0/sobjects/Contact","referenceId":"c","body":{"LastName":"Composite"}},
			{"method":"POST","url":"/services/data/v64.0/sobjects/Pricebook2","referenceId":"b","body":{"Name":"Composite Book"}}]}`)
		if r.Status != 200 || !strings.Contains(r.Body, `"httpStatusCode":201`) || !strings.Contains(r.Body, `"httpStatusCode":404`) ||
			!strings.Contains(r.Body, "NOT_FOUND") {
			t.Fatalf("support's composite: %d %s", r.Status, r.Body)
		}
		r = s.srv.Call(t, "POST", "/services/data/v64.0/composite/sobjects", support, `{"allOrNone":true,"records":[
			{"attributes":{"type":"Contact"},"LastName":"Collection"},
			{"attributes":{"type":"Pricebook2"},"Name":"Collection Book"}]}`)
		if r.Status != 200 || strings.Contains(r.Body, `"success":true`) ||
			!strings.Contains(r.Body, `"statusCode":"INSUFFICIENT_ACCESS_OR_READONLY"`) ||
			!strings.Contains(r.Body, `"statusCode":"ALL_OR_NONE_OPERATION_ROLLED_BACK"`) {
			t.Fatalf("support's collection: %d %s", r.Status, r.Body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM pricebook2 WHERE name IN ('Composite Book', 'Collection Book')`); n != "0" {
			t.Fatalf("refused price books written: %s", n)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM contact WHERE lastname IN ('Composite', 'Collection')`); n != "1" {
			t.Fatalf("contacts written: %s, want the composite's only", n)
		}

		// Taking the assignment away takes the access away at once.
		if r = s.srv.Call(t, "DELETE", "/services/data/v64.0/sobjects/PermissionSetAssignment/"+assignment, admin, ""); r.Status != 204 {
			t.Fatalf("unassign: %d %s", r.Status, r.Body)
		}
		if r, _ := s.soql(t, support, leads, nil); r.Status != 400 {
			t.Fatalf("support reads leads after the grant is gone: %d", r.Status)
		}

		// A profile change is a User change: the Support Agent made a Store Manager reads products' prices.
		if r, _ := s.soql(t, support, "SELECT Id FROM Pricebook2 LIMIT 1", nil); r.Status != 400 {
			t.Fatalf("support reads price books: %d", r.Status)
		}
		s.updateAs(t, admin, "sobjects", "User", demo.SupportUserID, map[string]any{"ProfileId": storeManagerProfile(t, s, admin)})
		if r, _ := s.soql(t, support, "SELECT Id FROM Pricebook2 LIMIT 1", nil); r.Status != 200 {
			t.Fatalf("support made a Store Manager reads price books: %d %s", r.Status, r.Body)
		}

		// A new profile: its own permission set names it on create.
		clerk := s.createRecord(t, admin, "Profile", map[string]any{"Name": "Lead Clerk"})
		clerkSet := s.createRecord(t, admin, "PermissionSet", map[string]any{"Name": "Lead_Clerk", "Label": "Lead Clerk",
			"IsOwnedByProfile": true, "ProfileId": clerk})
		s.createRecord(t, admin, "ObjectPermissions", map[string]any{"ParentId": clerkSet, "SobjectType": "Lead",
			"PermissionsCreate": true, "PermissionsRead": true})
		if r := s.createVia(t, "sobjects", merch, "Lead", map[string]any{"LastName": "Clerk", "Company": "Clerk Co"}); r.Status != 404 {
			t.Fatalf("merchandiser creates a lead: %d %s", r.Status, r.Body)
		}
		s.updateAs(t, admin, "sobjects", "User", demo.MerchandiserUserID, map[string]any{"ProfileId": clerk})
		if r := s.createVia(t, "sobjects", merch, "Lead", map[string]any{"LastName": "Clerk", "Company": "Clerk Co"}); r.Status != 201 {
			t.Fatalf("lead clerk creates a lead: %d %s", r.Status, r.Body)
		}
		if r, _ := s.soql(t, merch, "SELECT Id FROM Product2 LIMIT 1", nil); r.Status != 400 {
			t.Fatalf("lead clerk reads products: %d", r.Status)
		}
		r = s.updateAs(t, admin, "sobjects", "PermissionSet", clerkSet, map[string]any{"ProfileId": records.StoreManagerProfileID})
		wantStatus(t, "a permission set changes profile", r, 400, "INVALID_FIELD_FOR_INSERT_UPDATE")
	})
}

// A staff user made without a profile (storefront user create --staff) is a Store Administrator.
func TestStaffWithoutProfileIsStoreAdministrator(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		_, err := auth.CreateUser(context.Background(), s.srv.App.Engine, auth.NewUser{Email: "ops@example.com",
			Password: demo.DemoPassword, LastName: "Ops", Staff: true})
		if err != nil {
			t.Fatal(err)
		}
		if p := s.queryString(t, `SELECT COALESCE(profileid, '') FROM "user" WHERE username = 'ops@example.com'`); p != "" {
			t.Fatalf("profile %q", p)
		}
		ops := s.srv.Token(t, "ops@example.com")
		for _, object := range []string{"PermissionSet", "Account", "Lead", "Order"} {
			var info struct{ Createable, Updateable, Deletable bool }
			s.srv.Get(t, "/services/data/v64.0/ui-api/object-info/"+object, ops).Decode(t, object, 200, &info)
			if !info.Createable || !info.Updateable || !info.Deletable {
				t.Fatalf("%s: %+v", object, info)
			}
		}
		if r, p := s.soql(t, ops, "SELECT AnnualRevenue FROM Account LIMIT 1", nil); r.Status != 200 || p.TotalSize != 1 {
			t.Fatalf("annual revenue: %d %s", r.Status, r.Body)
		}
	})
}

func storeManagerProfile(t *testing.T, s *demoSite, token string) string {
	t.Helper()
	_, p := s.soql(t, token, "SELECT Id FROM Profile WHERE Name = 'Store Manager'", nil)
	if len(p.Records) != 1 {
		t.Fatal("no Store Manager profile")
	}
	return p.Records[0]["Id"].(string)
}

// TestBuyersSeeTheirOwnStoresCatalogue: a buyer reads the store, catalogue, categories, category products and
// product media of the stores they buy in, not another store's.
func TestBuyersSeeTheirOwnStoresCatalogue(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		other := s.createRecord(t, admin, "WebStore", map[string]any{"Name": "Other Store"})
		catalog := s.createRecord(t, admin, "ProductCatalog", map[string]any{"Name": "Other Catalog"})
		s.createRecord(t, admin, "WebStoreCatalog", map[string]any{"SalesStoreId": other, "ProductCatalogId": catalog})
		category := s.createRecord(t, admin, "ProductCategory", map[string]any{"Name": "Other Category", "CatalogId": catalog})
		_, p := s.soql(t, admin, "SELECT Id FROM Product2 ORDER BY Id LIMIT 1", nil)
		product := p.Records[0]["Id"].(string)
		link := s.createRecord(t, admin, "ProductCategoryProduct", map[string]any{"ProductCategoryId": category, "ProductId": product})

		for object, id := range map[string]string{"WebStore": other, "ProductCatalog": catalog,
			"ProductCategory": category, "ProductCategoryProduct": link} {
			if r := s.srv.Get(t, "/services/data/v64.0/sobjects/"+object+"/"+id, buyer); r.Status != 404 {
				t.Fatalf("buyer reads another store's %s: %d %s", object, r.Status, r.Body)
			}
			if r, p := s.soql(t, buyer, "SELECT Id FROM "+object+" WHERE Id = '"+id+"'", nil); r.Status != 200 || p.TotalSize != 0 {
				t.Fatalf("buyer queries another store's %s: %d %s", object, r.Status, r.Body)
			}
		}
		// Their own store's rows are there.
		for object, want := range map[string]string{"WebStore": "1", "ProductCatalog": "", "ProductCategory": "",
			"ProductCategoryProduct": "", "ProductMedia": ""} {
			r, p := s.soql(t, buyer, "SELECT Id FROM "+object, nil)
			if r.Status != 200 || p.TotalSize == 0 || want != "" && fmt.Sprint(p.TotalSize) != want {
				t.Fatalf("buyer's own %s: %d %s", object, r.Status, r.Body[:min(300, len(r.Body))])
			}
		}
		if r := s.srv.Get(t, "/services/data/v64.0/sobjects/WebStore/"+demo.StoreID, buyer); r.Status != 200 {
			t.Fatalf("buyer's own store: %d", r.Status)
		}
		// Media of the other store's products: none, unless the product is also in the buyer's store.
		var media struct{ TotalSize int }
		_ = json.Unmarshal([]byte(s.srv.Get(t, "/services/data/v64.0/query?q=SELECT+Id+FROM+ProductMedia", admin).Body), &media)
		if media.TotalSize == 0 {
			t.Fatal("the demo has no product media")
		}
	})
}
