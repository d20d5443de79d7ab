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
	"storefront/internal/recordsapi"
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

// signedIn refuses guests and answers the engine's errors with the REST API's error list.
func signedIn(next recordsapi.Call) http.Handler { return recordsapi.SignedIn(recordsapi.REST, next) }

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

// ErrorItem is one entry of the REST API's error list [{message, errorCode, fields}].
type ErrorItem = recordsapi.ErrorItem

// errorItems is any error as the error list of a result entry (collections, tree): the statusCode shape, where the
// code is named statusCode. Errors that are not the caller's are returned as they are.
func errorItems(err error) ([]ResultError, error) {
	var he *httpx.Error
	if !errors.As(recordsapi.REST.Error(err), &he) {
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
