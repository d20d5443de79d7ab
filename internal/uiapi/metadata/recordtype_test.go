package metadata

import (
	"slices"
	"testing"

	"storefront/internal/records"
)

// An object with record types: values restricted to one record type are that one's only; the master record type
// has them all; record type ids resolve from 15 or 18 characters, the default one when none is given.
func TestRecordTypesAndTheirValues(t *testing.T) {
	b2b, b2c := records.StableID("012", 1), records.StableID("012", 2)
	o := &records.Object{APIName: "Deal__c", RecordTypes: []records.RecordType{
		{ID: b2b, DeveloperName: "B2B", Name: "B2B"}, {ID: b2c, DeveloperName: "B2C", Name: "B2C", Default: true}}}
	f := &records.Field{APIName: "Channel__c", Type: records.TypePicklist, Picklist: []records.PicklistValue{
		{Value: "Direct"}, {Value: "Distributor", RecordTypes: []string{"B2B"}}, {Value: "Web", RecordTypes: []string{"B2C"}}}}

	values := func(rtID string) []string {
		rt, err := recordType(o, rtID)
		if err != nil {
			t.Fatalf("recordType(%q): %v", rtID, err)
		}
		var out []string
		for _, v := range available(f, rt) {
			out = append(out, v.Value)
		}
		return out
	}
	for rtID, want := range map[string][]string{
		b2b[:15]: {"Direct", "Distributor"}, b2c: {"Direct", "Web"}, "": {"Direct", "Web"},
		records.DefaultRecordTypeID: {"Direct", "Distributor", "Web"},
	} {
		if got := values(rtID); !slices.Equal(got, want) {
			t.Errorf("record type %q: %v, want %v", rtID, got, want)
		}
	}
	if _, err := recordType(o, records.StableID("012", 3)); err == nil {
		t.Error("a record type of no object resolved")
	}
	if _, err := recordType(o, "not-an-id"); err == nil {
		t.Error("a malformed record type id resolved")
	}
}
