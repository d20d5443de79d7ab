// Package uiapi serves the records part of the UI API (v64.0) over the records engine: records (read, create,
// update, delete) and object info, in Salesforce's wire shapes.
package uiapi

import (
	"errors"
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Base is the path every records call lives under (the app's routing table lists them).
const Base = "/services/data/v64.0/ui-api"

// Handler holds what the routes need.
type Handler struct {
	Engine *records.Engine
}

// SignedIn turns a records call into a handler that refuses guests: the records API needs a signed-in user (or a
// staff principal set by server code). Every records route goes through it.
func SignedIn(next func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		actor := identity.FromContext(r.Context())
		if !records.Signed(actor) {
			return httpx.Unauthorized()
		}
		w.Header().Set("Cache-Control", "no-store")
		return apiError(next(w, r, actor))
	})
}

// notFound is the one answer for ids that are malformed, unknown or not visible.
func notFound() *httpx.Error {
	return httpx.NotFound("The requested resource does not exist")
}

// apiError translates engine errors into the API's error bodies.
func apiError(err error) error {
	if err == nil {
		return nil
	}
	var we *records.WriteError
	var conflict *records.ConflictError
	switch {
	case errors.Is(err, records.ErrNotFound):
		return notFound()
	case errors.As(err, &we):
		return &httpx.Error{Status: we.Status, Code: firstCode(we), Message: we.Message(), Body: recordErrorBody(we)}
	case errors.As(err, &conflict):
		return httpx.Errorf(http.StatusPreconditionFailed, "PRECONDITION_FAILED", "%s", conflict.Error())
	}
	return err
}

func firstCode(we *records.WriteError) string {
	if codes := we.Codes(); len(codes) > 0 {
		return codes[0]
	}
	return ""
}

// recordErrorItem is RecordExceptionErrorRepresentation.
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

// recordErrorBody is the write-error shape: {enhancedErrorType: RecordError, message, output: {errors, fieldErrors}}.
func recordErrorBody(we *records.WriteError) any {
	b := recordErrorBodyT{EnhancedErrorType: "RecordError", Message: we.Message()}
	b.Output.Errors = []recordErrorItem{}
	b.Output.FieldErrors = map[string][]recordErrorItem{}
	for _, fe := range we.Errors {
		b.Output.Errors = append(b.Output.Errors, errorItem(fe))
	}
	for _, fe := range we.FieldErrors {
		b.Output.FieldErrors[fe.Field] = append(b.Output.FieldErrors[fe.Field], errorItem(fe))
	}
	return b
}

func errorItem(fe records.FieldError) recordErrorItem {
	item := recordErrorItem{ErrorCode: fe.Code, Message: fe.Message}
	if fe.Field != "" {
		field, label := fe.Field, fe.FieldLabel
		item.Field, item.FieldLabel, item.ConstituentField = &field, &label, &field
	}
	return item
}
