package records

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// A delete follows each reference's rule with the same statements whatever the number of dependents: contacts and
// cases are cleared through UpdateMany (their hooks run once per batch, their stamps move), addresses and group
// memberships cascade, and a buyer user restricts.
func TestDeleteRulesAreSetBased(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		var cleared []int // the batch sizes the contact hook saw
		e.OnRecords("Contact", Hooks{BeforeSave: func(_ context.Context, ev *SaveEvent) error {
			cleared = append(cleared, len(ev.Records))
			return nil
		}})
		group, err := e.Create(ctx, staff, "BuyerGroup", map[string]any{"Name": "G"})
		if err != nil {
			t.Fatal(err)
		}
		// account makes an account with n of each dependent and returns its id and one contact.
		account := func(n int) (string, string) {
			var id, contact string
			err := d.InTx(ctx, func(tx *db.Tx) error {
				recs, err := e.Insert(ctx, tx, staff, "Account", []map[string]any{{"Name": "Acme"}})
				if err != nil {
					return err
				}
				id = recs[0].ID
				rows := map[string][]map[string]any{}
				for i := 0; i < n; i++ {
					rows["Contact"] = append(rows["Contact"], map[string]any{"LastName": "C", "AccountId": id})
					rows["Case"] = append(rows["Case"], map[string]any{"Subject": "S", "AccountId": id})
					rows["ContactPointAddress"] = append(rows["ContactPointAddress"], map[string]any{"Name": "A", "ParentId": id})
				}
				rows["BuyerGroupMember"] = []map[string]any{{"BuyerGroupId": group.ID, "BuyerId": id}}
				for _, object := range []string{"Contact", "Case", "ContactPointAddress", "BuyerGroupMember"} {
					recs, err := e.Insert(ctx, tx, staff, object, rows[object])
					if err != nil {
						return err
					}
					if object == "Contact" {
						contact = recs[0].ID
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			return id, contact
		}
		count := func(table, where string, args ...any) int {
			var n int
			if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM `+db.Ident(table)+` WHERE `+where, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		statements := map[int]int64{}
		for _, n := range []int{1, 60} {
			id, contact := account(n)
			before, err := e.Get(ctx, staff, contact)
			if err != nil {
				t.Fatal(err)
			}
			cleared = nil
			start := d.Statements()
			if err := e.Delete(ctx, staff, id); err != nil {
				t.Fatal(err)
			}
			statements[n] = d.Statements() - start
			if len(cleared) != 1 || cleared[0] != n {
				t.Fatalf("%d contacts: the hook saw batches %v", n, cleared)
			}
			if count("contact", `"accountid" IS NULL`) < n || count("contact", `"accountid" = ?`, id) != 0 ||
				count("case", `"accountid" = ?`, id) != 0 || count("contactpointaddress", `"parentid" = ?`, id) != 0 ||
				count("buyergroupmember", `"buyerid" = ?`, id) != 0 {
				t.Fatalf("%d dependents: not cleared or cascaded", n)
			}
			after, err := e.Get(ctx, staff, contact)
			if err != nil || after.String("SystemModstamp") == before.String("SystemModstamp") {
				t.Fatalf("the cleared contact's stamp did not move: %v", err)
			}
		}
		if statements[1] != statements[60] {
			t.Fatalf("statements grow with the dependents: %v", statements)
		}

		// Restrict: a buyer user keeps their account; nothing of the delete happens.
		id, contact := account(1)
		if _, err := e.Create(ctx, System, "User", map[string]any{"Username": "b@x.io", "Email": "b@x.io", "LastName": "Buyer", "AccountId": id}); err != nil {
			t.Fatal(err)
		}
		we := wantCodes(t, e.Delete(ctx, staff, id), CodeDeleteFailed)
		if we.Status != 400 || we.Errors[0].Message != "Your attempt to delete Acme could not be completed because it is "+
			"associated with the following users.: Buyer" {
			t.Fatalf("%d %q", we.Status, we.Errors[0].Message)
		}
		if count("account", `"id" = ?`, id) != 1 || count("contact", `"id" = ? AND "accountid" = ?`, contact, id) != 1 ||
			count("contactpointaddress", `"parentid" = ?`, id) != 1 {
			t.Fatal("the refused delete changed something")
		}

		// A self reference that cascades takes a whole tree in one delete.
		set, err := e.Create(ctx, staff, "NavigationLinkSet", map[string]any{"DeveloperName": "Main", "MasterLabel": "Main"})
		if err != nil {
			t.Fatal(err)
		}
		parent := set.ID
		var top string
		for i := 0; i < 4; i++ {
			values := map[string]any{"NavigationLinkSetId": set.ID, "Label": "L"}
			if i > 0 {
				values["ParentId"] = parent
			}
			item, err := e.Create(ctx, staff, "NavigationMenuItem", values)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				top = item.ID
			}
			parent = item.ID
		}
		if err := e.Delete(ctx, staff, top); err != nil {
			t.Fatal(err)
		}
		if n := count("navigationmenuitem", `"navigationlinksetid" = ?`, set.ID); n != 0 {
			t.Fatalf("%d items of the tree stayed", n)
		}
	})
}
