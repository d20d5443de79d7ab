package metadata

import (
	"strings"

	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// recordType resolves a record type id given to a call (15 or 18 characters) among o's record types: "" is the
// object's default one; an id that is not an id is 400, and one of no record type of o is NOT_FOUND.
func recordType(o *records.Object, id string) (records.RecordType, error) {
	rts := recordsapi.RecordTypes(o)
	if id == "" {
		for _, rt := range rts {
			if rt.Default {
				return rt, nil
			}
		}
		return rts[0], nil
	}
	full, ok := records.NormalizeID(id)
	if !ok {
		return records.RecordType{}, invalidInput("Invalid recordTypeId: %s", id)
	}
	for _, rt := range rts {
		if strings.EqualFold(rt.ID, full) {
			return rt, nil
		}
	}
	// Every object answers for the master record type, as Salesforce's do, whether or not it has others.
	if full == records.DefaultRecordTypeID {
		return records.RecordType{ID: full, DeveloperName: "Master", Name: "Master"}, nil
	}
	return records.RecordType{}, recordsapi.NotFound()
}
