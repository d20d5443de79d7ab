package records

import (
	"fmt"
	"net/http"
	"sort"
	"strings"

	"storefront/internal/identity"
)

// Validation of one record's input: what can be decided without the database. integrity.go checks the rest
// (references, unique values) for a whole batch at once.

// checkBodyID refuses an Id field in the input that names another record.
func checkBodyID(input map[string]any, id string) error {
	for k, v := range input {
		if !strings.EqualFold(k, "Id") {
			continue
		}
		s, _ := v.(string)
		if got, ok := NormalizeID(s); !ok || got != id {
			return writeErr(http.StatusBadRequest, CodeInvalidField,
				"The Id field in the request body (%s) does not match the record id in the URL (%s).", describe(v), id)
		}
	}
	return nil
}

// parseInput checks the input's field names, rights and value types, and returns the canonical values by field
// API name (those that passed) with the errors of the others. On create the Id is dropped.
// The fields are read in the map's order, and again in name order when one fails or two name one field ("Name"
// and "name"), so that the errors and the value that wins do not change from one call to the next (sorting every
// write's names cost it a fifth of this).
func (e *Engine) parseInput(actor *identity.Principal, o *Object, input map[string]any, creating bool) (map[string]any, *WriteError) {
	keys := make([]string, 0, len(input))
	for k := range input {
		keys = append(keys, k)
	}
	out, werr, twice := e.parseFields(actor, o, input, keys, creating)
	if werr != nil || twice {
		sort.Strings(keys)
		out, werr, _ = e.parseFields(actor, o, input, keys, creating)
	}
	return out, werr
}

// parseFields is parseInput reading the input's keys in the order given; twice reports a field two keys named.
func (e *Engine) parseFields(actor *identity.Principal, o *Object, input map[string]any, keys []string,
	creating bool) (out map[string]any, _ *WriteError, twice bool) {
	werr := &WriteError{Status: http.StatusBadRequest}
	var refused []string
	out = make(map[string]any, len(keys))
	for _, k := range keys {
		if strings.EqualFold(k, "Id") {
			continue // dropped on create (the System actor's ids are taken by Insert); checked against the URL on update
		}
		f := o.Field(k)
		if f == nil || !e.FieldReadable(actor, o, f) {
			werr.add(&FieldError{Code: CodeInvalidField,
				Message: fmt.Sprintf("No such column '%s' on sobject of type %s", k, o.APIName)})
			continue
		}
		writable := e.FieldUpdateable(actor, o, f)
		if creating {
			writable = e.FieldCreateable(actor, o, f)
		}
		if !writable {
			refused = append(refused, f.APIName)
			continue
		}
		v, fe := CoerceValue(f, input[k])
		if fe != nil {
			werr.add(fe)
			continue
		}
		if _, seen := out[f.APIName]; seen {
			twice = true
		}
		out[f.APIName] = v
	}
	if len(refused) > 0 {
		werr.add(notWritable(refused))
	}
	if !werr.empty() {
		return out, werr, twice
	}
	return out, nil, twice
}

// joinWriteErrors merges the errors of two validation passes; nil when both passed.
func joinWriteErrors(a, b *WriteError) *WriteError {
	if a == nil && b == nil {
		return nil
	}
	out := &WriteError{Status: http.StatusBadRequest}
	failed := map[string]bool{}
	for _, w := range []*WriteError{a, b} {
		if w == nil {
			continue
		}
		out.Errors = append(out.Errors, w.Errors...)
		for _, fe := range w.FieldErrors {
			// A field whose value was refused is not also reported missing.
			if !failed[fe.Field] {
				out.FieldErrors = append(out.FieldErrors, fe)
			}
			failed[fe.Field] = true
		}
	}
	return out
}

// defaultValue is a field's value on a new record when the input does not set it.
func defaultValue(f *Field) any {
	def := f.Default
	if def == "" && (f.Type == TypePicklist || f.Type == TypeMultiPicklist) {
		for _, p := range f.Picklist {
			if p.Default {
				def = p.Value
			}
		}
	}
	if def == "" {
		if f.Type == TypeBoolean {
			return false
		}
		return nil
	}
	var in any = def
	if f.Type == TypeBoolean {
		in = def == "true"
	}
	v, fe := CoerceValue(f, in)
	if fe != nil {
		return nil
	}
	return v
}

func defaultRecordType(o *Object) string {
	for _, rt := range o.RecordTypes {
		if rt.Default {
			return rt.ID
		}
	}
	return DefaultRecordTypeID
}

// deriveNames computes name fields made of others: a read-only name field on an object with FirstName and
// LastName (Contact, User, Lead) is "FirstName LastName".
func deriveNames(rec *Record) {
	o := rec.Object
	name := o.NameFieldName()
	f := o.Field(name)
	if f == nil || !f.ReadOnly || o.Field("FirstName") == nil || o.Field("LastName") == nil {
		return
	}
	full := strings.TrimSpace(strings.TrimSpace(rec.String("FirstName")) + " " + strings.TrimSpace(rec.String("LastName")))
	rec.Values[f.APIName] = nilIfEmpty(full)
}

// validateRecord checks what needs the whole record: required fields (all on create; on update those the input
// set), picklist values for the record's type and controlling values, and the record type itself.
func validateRecord(rec *Record, changed map[string]any, creating bool) *WriteError {
	o := rec.Object
	werr := &WriteError{Status: http.StatusBadRequest}
	var missing []*Field
	for i := range o.Fields {
		f := &o.Fields[i]
		if !f.HasColumn() {
			continue
		}
		if _, inInput := changed[f.APIName]; !creating && !inInput {
			continue
		}
		if f.Required && !f.AutoNumber && !isSystemField(f.APIName) && f.APIName != "OwnerId" && rec.Values[f.APIName] == nil {
			missing = append(missing, f)
		}
		if (f.Type == TypePicklist || f.Type == TypeMultiPicklist) && rec.Values[f.APIName] != nil {
			if fe := checkPicklist(rec, f); fe != nil {
				werr.add(fe)
			}
		}
	}
	for _, f := range missing {
		werr.add(&FieldError{Code: CodeRequiredFieldMissing, Field: f.APIName, FieldLabel: f.Label,
			Message: "Required fields are missing: [" + f.APIName + "]"})
	}
	if _, ok := changed["RecordTypeId"]; ok && !validRecordType(o, rec.RecordTypeID()) {
		f := o.Field("RecordTypeId")
		werr.add(fieldErr(f, CodeFieldIntegrity, "id value of incorrect type: %s", rec.RecordTypeID()))
	}
	if werr.empty() {
		return nil
	}
	return werr
}

func validRecordType(o *Object, id string) bool {
	if len(o.RecordTypes) == 0 {
		return id == DefaultRecordTypeID
	}
	for _, rt := range o.RecordTypes {
		if rt.ID == id {
			return true
		}
	}
	return false
}

// checkPicklist accepts values listed for the record's type and, for dependent picklists, valid for the
// controlling field's current value.
func checkPicklist(rec *Record, f *Field) *FieldError {
	rtName := ""
	for _, rt := range rec.Object.RecordTypes {
		if rt.ID == rec.RecordTypeID() {
			rtName = rt.DeveloperName
		}
	}
	controller := ""
	if f.ControllerName != "" {
		controller = fmt.Sprint(rec.Get(f.ControllerName))
	}
	for _, v := range strings.Split(rec.Values[f.APIName].(string), ";") {
		if !picklistAllows(f, v, rtName, controller) {
			return fieldErr(f, CodeRestrictedPicklist, "bad value for restricted picklist field: %s", v)
		}
	}
	return nil
}

func picklistAllows(f *Field, value, recordType, controller string) bool {
	for _, p := range f.Picklist {
		if p.Value != value {
			continue
		}
		if len(p.RecordTypes) > 0 && recordType != "" && !contains(p.RecordTypes, recordType) {
			return false
		}
		if f.ControllerName != "" && len(p.ValidFor) > 0 && !contains(p.ValidFor, controller) {
			return false
		}
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
