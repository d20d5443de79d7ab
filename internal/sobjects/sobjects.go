// Package sobjects serves the sObject REST API (v64.0) over the records engine: describe, record create, read,
// update, delete and upsert, the updated and deleted lists, and the composite resources that bundle them.
package sobjects

import (
	"errors"
	"log/slog"
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Base is where the sObject resources live (the app's routing table lists them); every listed API version reaches
// them through apiversion.Rewrite.
const Base = "/services/data/v64.0/"

// Handler holds what the routes need.
type Handler struct {
	Engine *records.Engine
	Log    *slog.Logger
	// Dispatch serves a composite request's subrequests: the server's own routing (after the version rewrite), so
	// a subrequest meets the very handler a direct call meets. The app sets it once its mux is built.
	Dispatch http.Handler
}

// call is a handler of the API given the signed-in caller.
type call func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error

// signedIn refuses guests (the API is for staff, API clients and buyers within their visibility) and maps the
// engine's errors to the REST API's.
func signedIn(next call) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		actor := identity.FromContext(r.Context())
		if !records.Signed(actor) {
			return httpx.Unauthorized()
		}
		w.Header().Set("Cache-Control", "no-store")
		return apiError(next(w, r, actor))
	})
}

// logWrite records a write call with who made it: the user and, for a session issued to a registered API client,
// the client.
func (h *Handler) logWrite(r *http.Request, actor *identity.Principal, what, object string, ids ...string) {
	log := h.Log
	if log == nil {
		log = httpx.Logger(r.Context())
	}
	log.Info("sobjects write", "op", what, "object", object, "ids", ids, "userId", actor.UserID,
		"bearer", actor.ViaBearer, "clientId", actor.ClientID, "requestId", httpx.RequestID(r.Context()))
}

// ErrorItem is one entry of the REST API's error list.
type ErrorItem struct {
	Message   string   `json:"message"`
	ErrorCode string   `json:"errorCode"`
	Fields    []string `json:"fields"`
}

// notFound is the one answer for records and objects that do not exist or are out of the caller's sight.
func notFound() *httpx.Error { return httpx.NotFound("The requested resource does not exist") }

// apiError translates engine errors into the REST API's error list [{message, errorCode, fields}].
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
		items := writeErrorItems(we)
		return &httpx.Error{Status: we.Status, Code: items[0].ErrorCode, Message: items[0].Message, Body: items}
	case errors.As(err, &conflict):
		return httpx.Errorf(http.StatusPreconditionFailed, "PRECONDITION_FAILED", "%s", conflict.Error())
	}
	return err
}

// writeErrorItems lists a refused write's errors, each naming its field when it has one.
func writeErrorItems(we *records.WriteError) []ErrorItem {
	var out []ErrorItem
	for _, fe := range append(append([]records.FieldError{}, we.Errors...), we.FieldErrors...) {
		item := ErrorItem{Message: fe.Message, ErrorCode: fe.Code, Fields: []string{}}
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

// errorItems is any error as the error list of a result entry (collections, tree): the statusCode shape, where the
// code is named statusCode. Errors that are not the caller's are returned as they are.
func errorItems(err error) ([]ResultError, error) {
	var he *httpx.Error
	if !errors.As(apiError(err), &he) {
		return nil, err
	}
	if items, ok := he.Body.([]ErrorItem); ok {
		out := make([]ResultError, len(items))
		for i, it := range items {
			out[i] = ResultError{StatusCode: it.ErrorCode, Message: it.Message, Fields: it.Fields}
		}
		return out, nil
	}
	return []ResultError{{StatusCode: he.Code, Message: he.Message, Fields: []string{}}}, nil
}

// ResultError is an error inside a SaveResult: {statusCode, message, fields}.
type ResultError struct {
	StatusCode string   `json:"statusCode"`
	Message    string   `json:"message"`
	Fields     []string `json:"fields"`
}

// SaveResult is the answer of a create and an entry of a collection's answer.
type SaveResult struct {
	ID      *string       `json:"id,omitempty"`
	Success bool          `json:"success"`
	Errors  []ResultError `json:"errors"`
	Created *bool         `json:"created,omitempty"`
}

func created(id string) SaveResult {
	return SaveResult{ID: &id, Success: true, Errors: []ResultError{}}
}
