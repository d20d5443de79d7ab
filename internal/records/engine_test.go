package records

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

var (
	staff = &identity.Principal{UserID: "005000000000001AAA", Staff: true}
)

func newEngine(t testing.TB, d *db.DB) *Engine {
	t.Helper()
	if err := SyncSchema(context.Background(), d, StandardObjects()); err != nil {
		t.Fatal(err)
	}
	return NewEngine(d)
}

func wantCodes(t *testing.T, err error, codes ...string) *WriteError {
	t.Helper()
	var we *WriteError
	if !errors.As(err, &we) {
		t.Fatalf("got %v; want a WriteError with %v", err, codes)
	}
	if !reflect.DeepEqual(we.Codes(), codes) {
		t.Fatalf("codes %v; want %v (%v)", we.Codes(), codes, we)
	}
	return we
}

func TestEngineCreateReadUpdateDelete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		acct, err := e.Create(ctx, staff, "account", map[string]any{"Name": "Acme", "AnnualRevenue": "1234567.5",
			"NumberOfEmployees": 12, "Id": "001000000000000AAA", "Type": "Prospect"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.Get(ctx, staff, acct.ID[:15])
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != acct.ID || got.String("Name") != "Acme" || got.Values["AnnualRevenue"] != "1234567.50" ||
			got.Values["NumberOfEmployees"] != int64(12) || got.Values["IsBuyer"] != false ||
			got.String("OwnerId") != staff.UserID || got.RecordTypeID() != DefaultRecordTypeID {
			t.Fatalf("read back %#v", got.Values)
		}
		if got.ETag() != acct.ETag() {
			t.Fatalf("eTag of the created record %s differs from the read one %s", acct.ETag(), got.ETag())
		}
		// Two updates within one millisecond still move the modstamp.
		pinned := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		e.Now = func() time.Time { return pinned }
		u1, err := e.Update(ctx, staff, acct.ID, map[string]any{"Name": "Acme 2"}, UpdateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		u2, err := e.Update(ctx, staff, acct.ID, map[string]any{"Name": "Acme 2"}, UpdateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if u2.WeakETag() != u1.WeakETag()+1 || u1.ETag() == u2.ETag() {
			t.Fatalf("weak etags %d then %d; want +1 ms and different eTags", u1.WeakETag(), u2.WeakETag())
		}
		contact, err := e.Create(ctx, staff, "Contact", map[string]any{"FirstName": "Ada", "LastName": "Lovelace", "AccountId": acct.ID})
		if err != nil {
			t.Fatal(err)
		}
		if contact.String("Name") != "Ada Lovelace" {
			t.Fatalf("derived name %q", contact.String("Name"))
		}
		if err := e.Delete(ctx, staff, acct.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Get(ctx, staff, acct.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
		c, err := e.Get(ctx, staff, contact.ID)
		if err != nil || c.Values["AccountId"] != nil {
			t.Fatalf("the contact's lookup to the deleted account is cleared: %v %v", err, c.Values["AccountId"])
		}
	})
}

func TestEngineValidationWritesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		_, err := e.Create(ctx, staff, "Account", map[string]any{"Type": "Nope", "Bogus": 1, "CreatedDate": "x"})
		wantCodes(t, err, CodeInvalidField, CodeInvalidFieldForInsert, CodeRestrictedPicklist, CodeRequiredFieldMissing)
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM "account"`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("rows %d %v", n, err)
		}
		acct, err := e.Create(ctx, staff, "Account", map[string]any{"Name": "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Update(ctx, staff, acct.ID, map[string]any{"Name": "", "ParentId": "003000000000000AAA"}, UpdateOptions{})
		wantCodes(t, err, CodeRequiredFieldMissing) // database checks (references) run once the input itself is valid
		_, err = e.Update(ctx, staff, acct.ID, map[string]any{"ParentId": NewID("001")}, UpdateOptions{})
		we := wantCodes(t, err, CodeFieldIntegrity)
		if we.FieldErrors[0].Field != "ParentId" || we.Status != http.StatusBadRequest {
			t.Fatalf("%+v", we)
		}
		again, _ := e.Get(ctx, staff, acct.ID)
		if again.ETag() != acct.ETag() {
			t.Fatal("a failed update changed the record")
		}
		// Unique fields and auto-numbers.
		if _, err := e.Create(ctx, staff, "User", map[string]any{"Username": "a@x.io", "Email": "a@x.io", "LastName": "A"}); err != nil {
			t.Fatal(err)
		}
		_, err = e.Create(ctx, staff, "User", map[string]any{"Username": "a@x.io", "Email": "not-an-email", "LastName": "B"})
		wantCodes(t, err, CodeInvalidEmail)
		_, err = e.Create(ctx, staff, "User", map[string]any{"Username": "a@x.io", "Email": "b@x.io", "LastName": "B"})
		wantCodes(t, err, CodeDuplicateValue)
		c1, err := e.Create(ctx, staff, "Case", map[string]any{"Subject": "Broken"})
		if err != nil {
			t.Fatal(err)
		}
		c2, err := e.Create(ctx, staff, "Case", map[string]any{"Subject": "Also broken", "Status": "Escalated"})
		if err != nil {
			t.Fatal(err)
		}
		if c1.String("CaseNumber") != "00001001" || c2.String("CaseNumber") != "00001002" || c1.String("Status") != "New" {
			t.Fatalf("case numbers %q %q status %q", c1.String("CaseNumber"), c2.String("CaseNumber"), c1.String("Status"))
		}
		// A number stored around the engine (a table filled before PostgreSQL's sequence existed) is passed at the
		// next start, and the next start after that takes no number back.
		if _, err := d.Exec(ctx, `UPDATE "case" SET casenumber = '00005000' WHERE id = ?`, c2.ID); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := SyncSchema(ctx, d, StandardObjects()); err != nil {
				t.Fatal(err)
			}
		}
		var batch []*Record
		if err := d.InTx(ctx, func(tx *db.Tx) (err error) {
			batch, err = e.Insert(ctx, tx, staff, "Case", []map[string]any{{"Subject": "Third"}, {"Subject": "Fourth"}})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if batch[0].String("CaseNumber") != "00005001" || batch[1].String("CaseNumber") != "00005002" {
			t.Fatalf("case numbers after a stored 00005000: %q %q", batch[0].String("CaseNumber"), batch[1].String("CaseNumber"))
		}
	})
}

func TestEngineBuyerScope(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		mine, _ := e.Create(ctx, staff, "Account", map[string]any{"Name": "Mine"})
		theirs, _ := e.Create(ctx, staff, "Account", map[string]any{"Name": "Theirs"})
		buyer := &identity.Principal{UserID: NewID("005"), AccountID: mine.ID}
		if _, err := e.Get(ctx, buyer, mine.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Get(ctx, buyer, theirs.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another account: %v; want not found", err)
		}
		_, err := e.Update(ctx, buyer, mine.ID, map[string]any{"Name": "X"}, UpdateOptions{})
		wantCodes(t, err, CodeInsufficientAccess)
		cs, err := e.Create(ctx, buyer, "Case", map[string]any{"Subject": "Help"})
		if err != nil || cs.String("AccountId") != mine.ID {
			t.Fatalf("buyer case: %v %v", err, cs)
		}
		_, err = e.Create(ctx, buyer, "Case", map[string]any{"Subject": "Help", "AccountId": theirs.ID})
		wantCodes(t, err, CodeInsufficientAccess)
		// A managed account becomes visible.
		user, err := e.Create(ctx, staff, "User", map[string]any{"Username": "b@x.io", "Email": "b@x.io", "LastName": "B"})
		if err != nil {
			t.Fatal(err)
		}
		buyer.UserID = user.ID
		if _, err := e.Create(ctx, staff, "ManagedAccount", map[string]any{"UserId": user.ID, "AccountId": theirs.ID}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Get(ctx, buyer, theirs.ID); err != nil {
			t.Fatalf("managed account: %v", err)
		}
	})
}

func TestTypedSQLRowsReadBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		id := StableID("001", 7)
		if _, err := d.Exec(ctx, `INSERT INTO "account" (id, name, annualrevenue, numberofemployees, isbuyer, recordtypeid,
			createddate, createdbyid, lastmodifieddate, lastmodifiedbyid, systemmodstamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, "Typed", int64(35000000000), 9000, true, DefaultRecordTypeID, "2020-05-28T14:00:50.000Z", staff.UserID,
			"2020-05-28T14:00:50.000Z", staff.UserID, "2020-05-28T14:00:50.000Z"); err != nil {
			t.Fatal(err)
		}
		r, err := e.Get(ctx, staff, id)
		if err != nil {
			t.Fatal(err)
		}
		// Currency is stored in whole cents.
		if r.Values["AnnualRevenue"] != "350000000.00" || r.Values["NumberOfEmployees"] != int64(9000) ||
			r.Values["IsBuyer"] != true || r.WeakETag() != 1590674450000 {
			t.Fatalf("%#v weak %d", r.Values, r.WeakETag())
		}
	})
}

func TestCustomObjectsAndFields(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		other := NewEngine(d) // a second app server over the same database
		o, err := e.AddCustomObject(ctx, CustomObjectInput{APIName: "Widget__c", Label: "Widget", LabelPlural: "Widgets",
			Fields: []Field{{APIName: "Size__c", Label: "Size", Type: TypeInt, Precision: 4}}})
		if err != nil {
			t.Fatal(err)
		}
		if o.KeyPrefix != "a01" || o.NameFieldName() != "Name" {
			t.Fatalf("prefix %q name %q", o.KeyPrefix, o.NameFieldName())
		}
		w, err := other.Create(ctx, staff, "widget__c", map[string]any{"Name": "Cog", "Size__c": "12"})
		if err != nil {
			t.Fatal(err)
		}
		if w.ID[:3] != "a01" {
			t.Fatalf("id %s", w.ID)
		}
		if _, err := e.AddCustomField(ctx, "Account", Field{APIName: "Tier__c", Label: "Tier", Type: TypePicklist,
			Picklist: []PicklistValue{{Value: "Gold", Label: "Gold"}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := other.Create(ctx, staff, "Account", map[string]any{"Name": "A", "Tier__c": "Gold"}); err != nil {
			t.Fatalf("the other instance sees the new field: %v", err)
		}
		// The catalogue syncing at start keeps the custom field.
		if err := SyncSchema(ctx, d, StandardObjects()); err != nil {
			t.Fatal(err)
		}
		if _, err := other.Create(ctx, staff, "Account", map[string]any{"Name": "B", "Tier__c": "Gold"}); err != nil {
			t.Fatalf("custom field after restart: %v", err)
		}
		bad := []struct {
			obj string
			f   Field
		}{
			{"Account", Field{APIName: "Tier", Label: "x", Type: TypeText, Length: 10}},
			{"Account", Field{APIName: "Bad__Name__c", Label: "x", Type: TypeText, Length: 10}},
			{"Account", Field{APIName: "Tier__c", Label: "x", Type: TypeText, Length: 10}},
			{"Account", Field{APIName: "Long__c", Label: "x", Type: TypeText, Length: 300}},
			{"Account", Field{APIName: "Odd__c", Label: "x", Type: "Blob"}},
			{"Account", Field{APIName: "Ref__c", Label: "x", Type: TypeReference, ReferenceTo: []string{"Nope"}}},
			{"Account", Field{APIName: "Num__c", Label: "x", Type: TypeCurrency, Precision: 5, Scale: 6}},
			{"Nope__c", Field{APIName: "X__c", Label: "x", Type: TypeText, Length: 10}},
		}
		for _, b := range bad {
			var me *MetadataError
			if _, err := e.AddCustomField(ctx, b.obj, b.f); !errors.As(err, &me) {
				t.Errorf("%s.%s accepted: %v", b.obj, b.f.APIName, err)
			}
		}
		if _, err := e.AddCustomObject(ctx, CustomObjectInput{APIName: "Widget__c", Label: "W", LabelPlural: "Ws"}); err == nil {
			t.Error("a second Widget__c was accepted")
		}
		second, err := e.AddCustomObject(ctx, CustomObjectInput{APIName: "Gadget__c", Label: "Gadget", LabelPlural: "Gadgets"})
		if err != nil || second.KeyPrefix != "a02" {
			t.Fatalf("%v %v", err, second)
		}
	})
}
