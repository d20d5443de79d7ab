package recordsapi

import (
	"errors"
	"net/http"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Dialect is which API's error bodies a call answers with: the engine refuses a write one way, and each API words
// it in its own shape.
type Dialect int

const (
	// UIAPI answers a refused write with RecordExceptionErrorRepresentation
	// ({enhancedErrorType: RecordError, message, output: {errors, fieldErrors}}).
	UIAPI Dialect = iota
	// REST answers it with the REST API's error list [{message, errorCode, fields}] (sObject REST and SOQL).
	REST
)

// Error translates the engine's errors into the dialect's API errors: an unknown or invisible record is NOT_FOUND,
// a refused write is 4xx with the dialect's body, a stale write is 412. Other errors pass as they are.
func (d Dialect) Error(err error) error {
	if err == nil {
		return nil
	}
	var we *records.WriteError
	var conflict *records.ConflictError
	switch {
	case errors.Is(err, records.ErrNotFound):
		return NotFound()
	case errors.As(err, &we):
		if d == REST {
			items := WriteErrorItems(we)
			return &httpx.Error{Status: we.Status, Code: items[0].ErrorCode, Message: items[0].Message, Body: items}
		}
		return &httpx.Error{Status: we.Status, Code: firstCode(we), Message: we.Message(), Body: recordErrorBody(we)}
	case errors.As(err, &conflict):
		return httpx.Errorf(http.StatusPreconditionFailed, "PRECONDITION_FAILED", "%s", conflict.Error())
	}
	return err
}

// ErrorItem is one entry of the REST API's error list.
type ErrorItem struct {
	Message   string   `json:"message"`
	ErrorCode string   `json:"errorCode"`
	Fields    []string `json:"fields"`
	// DuplicateResult is what a blocking duplicate rule matched (DUPLICATES_DETECTED only).
	DuplicateResult *restDuplicateResult `json:"duplicateResult,omitempty"`
}

// RESTError is an error answered with the REST API's error list of one entry naming the fields it is about.
func RESTError(status int, code, message string, fields ...string) *httpx.Error {
	return &httpx.Error{Status: status, Code: code, Message: message,
		Body: []ErrorItem{{Message: message, ErrorCode: code, Fields: append([]string{}, fields...)}}}
}

// WriteErrorItems lists a refused write's errors in the REST shape, each naming its field when it has one.
func WriteErrorItems(we *records.WriteError) []ErrorItem {
	var out []ErrorItem
	for _, fe := range append(append([]records.FieldError{}, we.Errors...), we.FieldErrors...) {
		item := ErrorItem{Message: fe.Message, ErrorCode: fe.Code, Fields: []string{}, DuplicateResult: restDuplicates(fe.Duplicates)}
		if fe.Field != "" {
			item.Fields = []string{fe.Field}
		}
		out = append(out, item)
	}
	if len(out) == 0 {
		out = []ErrorItem{{Message: we.Message(), ErrorCode: "UNKNOWN_EXCEPTION", Fields: []string{}}}
	}
	return out
}

func firstCode(we *records.WriteError) string {
	if codes := we.Codes(); len(codes) > 0 {
		return codes[0]
	}
	return ""
}

// recordErrorItem is RecordExceptionErrorRepresentation's entry.
type recordErrorItem struct {
	ConstituentField     *string `json:"constituentField"`
	DuplicateRecordError any     `json:"duplicateRecordError"`
	ErrorCode            string  `json:"errorCode"`
	Field                *string `json:"field"`
	FieldLabel           *string `json:"fieldLabel"`
	Message              string  `json:"message"`
}

type recordErrorBodyT struct {
	EnhancedErrorType string `json:"enhancedErrorType"`
	Message           string `json:"message"`
	Output            struct {
		Errors      []recordErrorItem            `json:"errors"`
		FieldErrors map[string][]recordErrorItem `json:"fieldErrors"`
	} `json:"output"`
}

// recordErrorBody is the UI API's write-error shape: {enhancedErrorType: RecordError, message, output: {errors,
// fieldErrors}}.
func recordErrorBody(we *records.WriteError) any {
	b := recordErrorBodyT{EnhancedErrorType: "RecordError", Message: we.Message()}
	b.Output.Errors = []recordErrorItem{}
	b.Output.FieldErrors = map[string][]recordErrorItem{}
	for _, fe := range we.Errors {
		b.Output.Errors = append(b.Output.Errors, recordErrorOf(fe))
	}
	for _, fe := range we.FieldErrors {
		b.Output.FieldErrors[fe.Field] = append(b.Output.FieldErrors[fe.Field], recordErrorOf(fe))
	}
	return b
}

func recordErrorOf(fe records.FieldError) recordErrorItem {
	item := recordErrorItem{ErrorCode: fe.Code, Message: fe.Message}
	if fe.Duplicates != nil {
		item.DuplicateRecordError = uiDuplicates(fe.Duplicates)
	}
	if fe.Field != "" {
		field, label := fe.Field, fe.FieldLabel
		item.Field, item.FieldLabel, item.ConstituentField = &field, &label, &field
	}
	return item
}

// NoSuchColumn is the REST API's INVALID_FIELD message for a field the object lacks or the caller may not read
// (sObject REST and SOQL word it alike).
func NoSuchColumn(field, object string) string {
	return "No such column '" + field + "' on entity '" + object + "'. If you are attempting to use a custom field, " +
		"be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call " +
		"for the appropriate names."
}

// InvalidRecordInput is the UI API's 400 for a malformed record input body ("Invalid recordInput: why."; the
// message of spec/data-layer.md section 8), for every call that takes one.
func InvalidRecordInput(why string) *httpx.Error {
	return httpx.BadRequest("INVALID_INPUT", "Invalid recordInput: %s.", why)
}
