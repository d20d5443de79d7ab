package recordsapi

import (
	"context"
	"testing"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

func TestResolvePath(t *testing.T) {
	d := recordstest.Open(t, "sqlite")
	e := records.NewEngine(d)
	cat, err := e.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	staff := &identity.Principal{UserID: "005000000000001AAA", Staff: true}
	contact := cat.Object("Contact")
	for path, want := range map[string]string{"contact.account.name": "Account.Name", "LastName": "LastName",
		"Contact.Account.Owner.Id": "Account.Owner.Id",
		// six levels, the most a path has
		"Account.Parent.Parent.Parent.Parent.Name": "Account.Parent.Parent.Parent.Parent.Name"} {
		fp := ResolvePath(e, cat, staff, contact, path)
		if fp == nil || fp.Path != want || len(fp.Rels) != len(fp.Objs) {
			t.Errorf("%s resolves to %+v, want %s", path, fp, want)
		}
	}
	if fp := ResolvePath(e, cat, staff, contact, "Account.Name"); fp.Rest().Path != "Name" || len(fp.Rest().Rels) != 0 {
		t.Errorf("Account.Name one level down is %+v", fp.Rest())
	}
	for _, path := range []string{"Nope", "Account.Nope", "Nope.Name", "Account", "Account.Parent.Parent.Parent.Parent.Parent.Name"} {
		if fp := ResolvePath(e, cat, staff, contact, path); fp != nil {
			t.Errorf("%s resolves to %+v, want nil", path, fp)
		}
	}
}

func TestRepresentFollowsRelationships(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := records.NewEngine(d)
		staff := &identity.Principal{UserID: "005000000000001AAA", Staff: true}
		acct, err := e.Create(ctx, staff, "Account", map[string]any{"Name": "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		with, err := e.Create(ctx, staff, "Contact", map[string]any{"LastName": "Lovelace", "AccountId": acct.ID})
		if err != nil {
			t.Fatal(err)
		}
		without, err := e.Create(ctx, staff, "Contact", map[string]any{"LastName": "Babbage"})
		if err != nil {
			t.Fatal(err)
		}
		cat, err := e.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		contact := cat.Object("Contact")
		paths := []*FieldPath{ResolvePath(e, cat, staff, contact, "LastName"), ResolvePath(e, cat, staff, contact, "Account.Type")}
		r := &Representer{Engine: e, Catalog: cat, Actor: staff, RelatedFields: []string{"Id"}}
		reps, err := r.RepresentIDs(ctx, contact, []string{with.ID, without.ID, "003000000000999AAA"}, paths)
		if err != nil {
			t.Fatal(err)
		}
		if len(reps) != 2 {
			t.Fatalf("%d records represented, want 2 (an unknown id is absent)", len(reps))
		}
		rep := reps[with.ID]
		if rep.Fields["LastName"].Value != "Lovelace" || len(rep.Fields) != 2 {
			t.Fatalf("fields of %s: %+v", with.ID, rep.Fields)
		}
		account := rep.Fields["Account"]
		parent, ok := account.Value.(*RecordRep)
		if !ok || account.DisplayValue != "Acme" || parent.ID != acct.ID || parent.APIName != "Account" {
			t.Fatalf("Account of %s: %+v", with.ID, account)
		}
		// The parent carries its Id and the field asked through it, not its name (RelatedName is off).
		if len(parent.Fields) != 2 || parent.Fields["Id"].Value != acct.ID || parent.Fields["Type"].Value != nil {
			t.Fatalf("parent fields: %+v", parent.Fields)
		}
		if got := reps[without.ID].Fields["Account"]; got != (FieldValue{}) {
			t.Fatalf("no account reads as %+v, want an empty value", got)
		}
		r.RelatedName = true
		reps, err = r.RepresentIDs(ctx, contact, []string{with.ID}, paths)
		if err != nil {
			t.Fatal(err)
		}
		if p := reps[with.ID].Fields["Account"].Value.(*RecordRep); p.Fields["Name"].Value != "Acme" || len(p.Fields) != 3 {
			t.Fatalf("parent fields with its name: %+v", p.Fields)
		}
	})
}
