package recordsapi

import (
	"storefront/internal/identity"
	"storefront/internal/records"
)

// FieldValue is the UI API's FieldValueRepresentation: the raw value and its formatted form.
type FieldValue struct {
	DisplayValue any `json:"displayValue"`
	Value        any `json:"value"`
}

// RecordRep is the UI API's RecordRepresentation, key for key.
type RecordRep struct {
	APIName            string                `json:"apiName"`
	ChildRelationships map[string]any        `json:"childRelationships"`
	ETag               string                `json:"eTag"`
	Fields             map[string]FieldValue `json:"fields"`
	ID                 string                `json:"id"`
	LastModifiedByID   any                   `json:"lastModifiedById"`
	LastModifiedDate   any                   `json:"lastModifiedDate"`
	RecordTypeID       string                `json:"recordTypeId"`
	RecordTypeInfo     *RecordTypeInfo       `json:"recordTypeInfo"`
	SystemModstamp     any                   `json:"systemModstamp"`
	WeakEtag           int64                 `json:"weakEtag"`
}

// RecordTypeInfo is the UI API's RecordTypeInfoRepresentation.
type RecordTypeInfo struct {
	Available                bool   `json:"available"`
	DefaultRecordTypeMapping bool   `json:"defaultRecordTypeMapping"`
	Master                   bool   `json:"master"`
	Name                     string `json:"name"`
	RecordTypeID             string `json:"recordTypeId"`
}

// NewRecordRep is the representation of rec with no fields yet.
func NewRecordRep(rec *records.Record) *RecordRep {
	rep := &RecordRep{APIName: rec.Object.APIName, ChildRelationships: map[string]any{}, ETag: rec.ETag(),
		Fields: map[string]FieldValue{}, ID: rec.ID, LastModifiedByID: rec.Get("LastModifiedById"),
		LastModifiedDate: rec.Get("LastModifiedDate"), RecordTypeID: rec.RecordTypeID(),
		SystemModstamp: rec.Get("SystemModstamp"), WeakEtag: rec.WeakETag()}
	for _, rt := range rec.Object.RecordTypes {
		if rt.ID == rep.RecordTypeID {
			rep.RecordTypeInfo = &RecordTypeInfo{Available: true, DefaultRecordTypeMapping: rt.Default,
				Name: rt.Name, RecordTypeID: rt.ID}
		}
	}
	if len(rec.Object.RecordTypes) > 0 && rep.RecordTypeInfo == nil {
		rep.RecordTypeInfo = &RecordTypeInfo{Available: true, Master: true, Name: "Master", RecordTypeID: rep.RecordTypeID}
	}
	return rep
}

// FieldValueOf is one field of rec as the UI API sends it: its value and its display value.
func FieldValueOf(rec *records.Record, f *records.Field) FieldValue {
	v := rec.Values[f.APIName]
	return FieldValue{DisplayValue: records.DisplayValue(f, v, rec.String("CurrencyIsoCode")), Value: records.WireValue(f, v)}
}

// UIRecord is the representation of rec with every field of a column the actor may read (the answer of a
// create or an update).
func UIRecord(e *records.Engine, actor *identity.Principal, rec *records.Record) *RecordRep {
	rep := NewRecordRep(rec)
	for _, f := range ReadableFields(e, actor, rec.Object) {
		if f.HasColumn() {
			rep.Fields[f.APIName] = FieldValueOf(rec, f)
		}
	}
	return rep
}
