package records

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

// CodeRule is the error code of a domain rule's refusal (a hook), as Salesforce answers a validation rule.
const CodeRule = "FIELD_CUSTOM_VALIDATION_EXCEPTION"

// Refuse is a hook's refusal of a write: 400 with the code (CodeRule for a domain rule, REQUIRED_FIELD_MISSING,
// ...) naming field ("" for the record as a whole). The records API, sObject REST and composite answer it in their
// error bodies; typed handlers translate the code to their API's own.
func Refuse(code, field, format string, args ...any) *WriteError {
	fe := FieldError{Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
	if field == "" {
		return &WriteError{Status: http.StatusBadRequest, Errors: []FieldError{fe}}
	}
	return &WriteError{Status: http.StatusBadRequest, FieldErrors: []FieldError{fe}}
}

// NotNegative is a before-save rule refusing a value below zero in any of the fields (a price, a stock count), as
// CodeRule on the field.
func NotNegative(fields ...string) func(context.Context, *SaveEvent) error {
	return func(_ context.Context, ev *SaveEvent) error {
		for _, rec := range ev.Records {
			for _, name := range fields {
				if f := rec.Object.Field(name); f != nil && negative(rec.Values[f.APIName]) {
					return Refuse(CodeRule, f.APIName, "%s can't be negative.", f.Label)
				}
			}
		}
		return nil
	}
}

// negative reports whether a number as records hold it (canonical decimal text, int64, float64) is below zero.
func negative(v any) bool {
	switch n := v.(type) {
	case string:
		return strings.HasPrefix(n, "-") && strings.Trim(n, "-0.") != ""
	case int64:
		return n < 0
	case float64:
		return n < 0
	}
	return false
}
