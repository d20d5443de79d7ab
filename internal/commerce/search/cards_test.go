package search

import "testing"

// TestTextsKeepNullApartFromEmpty: a cell reads back as it was added, NULL and the empty string apart, across the
// words of the null bitmap.
func TestTextsKeepNullApartFromEmpty(t *testing.T) {
	tab := texts{columns: 3}
	empty, word := "", "valve"
	for range 40 { // 120 cells: two words of null bits
		if err := tab.add(nil, &empty, &word); err != nil {
			t.Fatal(err)
		}
	}
	tab.arena, tab.ends, tab.nulls = exact(tab.arena), exact(tab.ends), exact(tab.nulls)
	for row := range 40 {
		if v := tab.get(row, 0); v != nil {
			t.Fatalf("row %d: NULL reads %q", row, *v)
		}
		if v := tab.get(row, 1); v == nil || *v != "" {
			t.Fatalf("row %d: the empty string reads %v", row, v)
		}
		if v, ok := tab.value(row, 2).(string); !ok || v != "valve" {
			t.Fatalf("row %d: %v, want valve", row, tab.value(row, 2))
		}
	}
}
