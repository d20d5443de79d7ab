package tmpplan

import (
	"database/sql"
	"fmt"
	"os"
	"testing"

	_ "modernc.org/sqlite"
)

func TestPlan(t *testing.T) {
	d, err := sql.Open("sqlite", "/tmp/si100k.db")
	if err != nil {
		t.Fatal(err)
	}
	q, _ := os.ReadFile("/tmp/si_q.sql")
	rows, err := d.Query("EXPLAIN QUERY PLAN " + string(q))
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a, b, c int
		var s string
		rows.Scan(&a, &b, &c, &s)
		fmt.Println(a, b, s)
	}
}
