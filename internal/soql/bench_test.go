package soql

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

// BenchmarkQuery200Rows reads 200 rows with a parent path over HTTP, as staff, on SQLite.
func BenchmarkQuery200Rows(b *testing.B) {
	d := recordstest.Open(b, "sqlite")
	e := newEnv(b, d)
	ctx := context.Background()
	inputs := make([]map[string]any, 500)
	for i := range inputs {
		inputs[i] = map[string]any{"Name": fmt.Sprintf("P%03d", i), "Account__c": e.acme.ID, "Price__c": fmt.Sprint(i)}
	}
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		_, err := e.engine.Insert(ctx, tx, e.staff, "Widget__c", inputs)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	path := base + "query?q=" + url.QueryEscape("SELECT Id, Name, Price__c, Active__c, Account__r.Name FROM Widget__c ORDER BY Price__c LIMIT 200")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := e.srv.Get(e.t, path, "staff"); r.Status != http.StatusOK {
			b.Fatal(r.Status)
		}
	}
}
