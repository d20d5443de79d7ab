package app_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"storefront/internal/demo"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// deleteFailed is what both APIs answer for a delete a restricting reference refuses: the ui-api record error and
// the REST API's error list, each with DELETE_FAILED and Salesforce's message naming the record and its dependents.
func (s *demoSite) wantDeleteFailed(t *testing.T, token, id, name, dependents string) {
	t.Helper()
	prefix := "Your attempt to delete " + name + " could not be completed because it is associated with the following " +
		dependents + ".: "
	r := s.srv.Call(t, "DELETE", "/services/data/v64.0/ui-api/records/"+id, token, "")
	var ui struct {
		EnhancedErrorType string `json:"enhancedErrorType"`
		Message           string `json:"message"`
		Output            struct {
			Errors []struct{ ErrorCode, Message string }
		} `json:"output"`
	}
	if r.Status != 400 || json.Unmarshal([]byte(r.Body), &ui) != nil || ui.EnhancedErrorType != "RecordError" ||
		len(ui.Output.Errors) != 1 || ui.Output.Errors[0].ErrorCode != "DELETE_FAILED" ||
		!strings.HasPrefix(ui.Output.Errors[0].Message, prefix) {
		t.Fatalf("ui-api delete of %s: %d %s, want 400 DELETE_FAILED %q...", name, r.Status, r.Body, prefix)
	}
	r = s.srv.Call(t, "DELETE", "/services/data/v64.0/sobjects/"+objectOf(t, s, id)+"/"+id, token, "")
	var rest []struct {
		Message   string   `json:"message"`
		ErrorCode string   `json:"errorCode"`
		Fields    []string `json:"fields"`
	}
	if r.Status != 400 || json.Unmarshal([]byte(r.Body), &rest) != nil || len(rest) != 1 ||
		rest[0].ErrorCode != "DELETE_FAILED" || rest[0].Message != ui.Output.Errors[0].Message || rest[0].Fields == nil {
		t.Fatalf("sObject delete of %s: %d %s", name, r.Status, r.Body)
	}
	if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM `+db.Ident(strings.ToLower(objectOf(t, s, id)))+` WHERE id = ?`, id); n != "1" {
		t.Fatalf("the refused delete removed %s", name)
	}
}

func objectOf(t *testing.T, s *demoSite, id string) string {
	t.Helper()
	cat, err := s.srv.App.Engine.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return cat.ByPrefix(records.KeyPrefix(id)).APIName
}

// assertNoDanglingReferences walks every reference column of every object of the metadata and fails on a value
// that names no row of any object it may point at.
func assertNoDanglingReferences(t *testing.T, s *demoSite) {
	t.Helper()
	ctx := context.Background()
	cat, err := s.srv.App.Engine.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, o := range cat.Objects() {
		for i := range o.Fields {
			f := &o.Fields[i]
			if f.Type != records.TypeReference || !f.HasColumn() || f.APIName == "RecordTypeId" {
				continue
			}
			var exists []string
			for _, target := range f.ReferenceTo {
				if to := cat.Object(target); to != nil {
					exists = append(exists, `NOT EXISTS (SELECT 1 FROM `+db.Ident(to.TableName())+` t WHERE t."id" = c.`+db.Ident(f.Column())+`)`)
				}
			}
			if len(exists) == 0 {
				continue
			}
			col := db.Ident(f.Column())
			dangling := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM `+db.Ident(o.TableName())+` c WHERE c.`+col+
				` IS NOT NULL AND `+strings.Join(exists, " AND "))
			if dangling != "0" {
				t.Errorf("%s.%s: %s values point at no row", o.APIName, f.APIName, dangling)
			}
			checked++
		}
	}
	if checked < 80 {
		t.Fatalf("walked only %d reference columns", checked)
	}
}

// Deleting what orders, carts and stores use answers as each reference's delete rule says, through ui-api/records
// and sObject REST alike; what is allowed cascades or clears (through the engine's update: stamps move and the
// change is listed as updated); and afterwards no reference of any object points at a missing row.
func TestDeleteRules(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		pen, stapler := records.StableID("01t", 1), records.StableID("01t", 2)
		assertNoDanglingReferences(t, s) // the demo store as seeded
		placed := placeOrder(t, s, buyer, map[string]int{pen: 1})
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(stapler, 1)).Decode(t, "add", 201, &cartItem{})

		// Restrict: an account with orders, a product in orders, one in a cart, a price book a store uses.
		account := s.queryString(t, `SELECT name FROM account WHERE id = ?`, demo.BuyerAccountID)
		s.wantDeleteFailed(t, admin, demo.BuyerAccountID, account, "orders")
		r := s.srv.Call(t, "DELETE", "/services/data/v64.0/ui-api/records/"+demo.BuyerAccountID, admin, "")
		if !strings.Contains(r.Body, placed.OrderReferenceNumber) {
			t.Fatalf("the refusal does not name the order %s: %s", placed.OrderReferenceNumber, r.Body)
		}
		penName := s.queryString(t, `SELECT name FROM product2 WHERE id = ?`, pen)
		s.wantDeleteFailed(t, admin, pen, penName, "cart items") // the ordered cart keeps its lines
		for _, line := range strings.Fields(s.queryString(t, `SELECT id FROM cartitem WHERE product2id = ?`, pen)) {
			if err := s.srv.App.Engine.Delete(context.Background(), records.System, line); err != nil {
				t.Fatal(err)
			}
		}
		s.wantDeleteFailed(t, admin, pen, penName, "order products")
		s.wantDeleteFailed(t, admin, stapler, s.queryString(t, `SELECT name FROM product2 WHERE id = ?`, stapler), "cart items")
		book := s.queryString(t, `SELECT name FROM pricebook2 WHERE id = ?`, demo.StandardBook)
		r = s.srv.Call(t, "DELETE", "/services/data/v64.0/sobjects/Pricebook2/"+demo.StandardBook, admin, "")
		if r.Status != 400 || !strings.Contains(r.Body, `"errorCode":"DELETE_FAILED"`) || !strings.Contains(r.Body, "delete "+book+" could") {
			t.Fatalf("price book in use: %d %s", r.Status, r.Body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM orderitem WHERE product2id = ?`, pen); n == "0" {
			t.Fatal("the order lost its product")
		}

		// Cascade: a price book nobody uses goes with its entries.
		unused := s.createRecord(t, admin, "Pricebook2", map[string]any{"Name": "Clearance"})
		entry := s.createRecord(t, admin, "PricebookEntry", map[string]any{"Pricebook2Id": unused, "Product2Id": pen, "UnitPrice": 1.5})
		if r = s.srv.Call(t, "DELETE", "/services/data/v64.0/sobjects/Pricebook2/"+unused, admin, ""); r.Status != 204 {
			t.Fatalf("unused price book: %d %s", r.Status, r.Body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM pricebookentry WHERE id = ?`, entry); n != "0" {
			t.Fatal("the price book's entry stayed")
		}

		// Clear: an account's contact and case lose their account through the engine's own update.
		gone := s.createRecord(t, admin, "Account", map[string]any{"Name": "Gone Co"})
		contact := s.createRecord(t, admin, "Contact", map[string]any{"LastName": "Left", "AccountId": gone})
		kase := s.createRecord(t, admin, "Case", map[string]any{"Subject": "Orphan", "AccountId": gone, "ContactId": contact})
		before := s.queryString(t, `SELECT systemmodstamp FROM contact WHERE id = ?`, contact)
		start := time.Now().UTC().Add(-time.Second)
		time.Sleep(5 * time.Millisecond)
		if r = s.srv.Call(t, "DELETE", "/services/data/v64.0/ui-api/records/"+gone, admin, ""); r.Status != 204 {
			t.Fatalf("account without orders: %d %s", r.Status, r.Body)
		}
		for _, c := range []struct{ object, id string }{{"Contact", contact}, {"Case", kase}} {
			table := db.Ident(strings.ToLower(c.object))
			if got := s.queryString(t, `SELECT COALESCE(accountid, '') FROM `+table+` WHERE id = ?`, c.id); got != "" {
				t.Fatalf("%s still names the deleted account: %q", c.object, got)
			}
			if got := s.queryString(t, `SELECT COALESCE(lastmodifiedbyid, '') FROM `+table+` WHERE id = ?`, c.id); got != demo.AdminUserID {
				t.Fatalf("%s was cleared by %q, want the deleting user", c.object, got)
			}
			window := url.Values{"start": {start.Format(time.RFC3339)}, "end": {time.Now().UTC().Add(time.Minute).Format(time.RFC3339)}}
			r = s.srv.Get(t, "/services/data/v64.0/sobjects/"+c.object+"/updated?"+window.Encode(), admin)
			if r.Status != 200 || !strings.Contains(r.Body, c.id) {
				t.Fatalf("%s cleared but not listed as updated: %d %s", c.object, r.Status, r.Body)
			}
		}
		if after := s.queryString(t, `SELECT systemmodstamp FROM contact WHERE id = ?`, contact); after == before {
			t.Fatal("the contact's SystemModstamp did not move")
		}
		assertNoDanglingReferences(t, s)
	})
}
