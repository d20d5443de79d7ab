package records

// What a new record of an object starts with, for the APIs that show it before it exists (the UI API's record
// defaults and create templates): the same values Insert gives a field the input leaves out.

// DefaultValue is the value a new record gets for f when the input does not set it (nil for none).
func DefaultValue(f *Field) any { return defaultValue(f) }

// DefaultRecordType is the record type a new record of o gets when the input names none.
func DefaultRecordType(o *Object) string { return defaultRecordType(o) }
