package records

import (
	"fmt"
	"net/http"
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
