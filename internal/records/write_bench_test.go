package records

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// BenchmarkUpdateKeptRow is the engine's share of a cart change's writes: one transaction updating ten fields of a
// row the previous transaction kept (records.KeepRows), as a cart's totals are written after every add, on a SQLite
// file. It reports the statements of one update.
func BenchmarkUpdateKeptRow(b *testing.B) {
	ctx := context.Background()
	d := dbtest.Open(b, "sqlite")
	e := newEngine(b, d)
	// As the app starts: without the counters a write moves every version, the metadata's with them; the
	// table untracked, as a cart's are (a write of it refreshes no version).
	if err := d.InstallVersionTriggers(ctx, db.VersionedTables{db.Metadata: {"sf_object"}}, "opportunity"); err != nil {
		b.Fatal(err)
	}
	rec, err := e.Create(ctx, System, "Opportunity", map[string]any{"Name": "Deal", "CloseDate": "2027-01-31",
		"StageName": "Prospecting"})
	if err != nil {
		b.Fatal(err)
	}
	before := d.Statements()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		err := d.InTx(ctx, func(tx *db.Tx) error {
			KeepRows(tx, rec)
			saved, err := e.UpdateMany(ctx, tx, System, []Change{{ID: rec.ID, Values: map[string]any{
				"Amount": float64(i%1000) + 0.25, "Probability": i % 100, "NextStep": "Call back", "Description": "Notes",
				"CloseDate":  "2027-02-28",
				"LeadSource": "Web", "Type": "New Business", "Name": "Deal"}}}, UpdateOptions{})
			if err == nil {
				rec = saved[0]
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(d.Statements()-before)/float64(b.N), "stmts/op")
}
