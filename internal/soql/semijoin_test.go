package soql

import (
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

// A semi-join's own WHERE may follow relationships, and a child subquery may hold a semi-join beside one of the
// outer query: each is compiled by the engine with the joins and aliases of its own subquery.
func TestSemiJoinsWithPathsAndInChildren(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		for _, c := range []struct{ soql, key, want string }{
			{"SELECT LastName FROM Contact WHERE AccountId IN (SELECT Account__c FROM Widget__c WHERE Account__r.Parent.Name = 'Globex') ORDER BY LastName",
				"LastName", "Able,O'Brien"},
			{"SELECT LastName FROM Contact WHERE AccountId NOT IN (SELECT Account__c FROM Widget__c WHERE Account__r.Name LIKE 'ac%') ORDER BY LastName",
				"LastName", "Crane"},
			{"SELECT Name, (SELECT LastName FROM Contacts WHERE AccountId IN (SELECT Account__c FROM Widget__c WHERE Account__r.Industry = 'Retail')) FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE Account.Name != 'Initech') ORDER BY Name",
				"Name", "Acme,Globex"},
		} {
			r := e.ok("staff", c.soql)
			if got := column(r, c.key); got != c.want {
				t.Fatalf("%s\ngot %s, want %s", c.soql, got, c.want)
			}
		}
		r := e.ok("staff", "SELECT Name, (SELECT LastName FROM Contacts WHERE AccountId IN (SELECT Account__c FROM Widget__c WHERE Account__r.Industry = 'Retail') ORDER BY LastName) FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE Account.Name != 'Initech') ORDER BY Name")
		if got := dig(r.Records[0], "Contacts.totalSize"); got != float64(2) {
			t.Fatalf("Acme's contacts: %v", got)
		}
		if got := dig(r.Records[1], "Contacts"); got != nil {
			t.Fatalf("Globex's contacts: %v", got)
		}
	})
}
