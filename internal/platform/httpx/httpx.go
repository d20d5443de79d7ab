// Package httpx holds the HTTP plumbing every domain shares: handlers that return errors, one error writer in the
// API's wire format, JSON decoding with clear 4xx answers, and the request-id and logging middleware.
package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"

	"storefront/internal/platform/db"
)

// StatusClientClosed is what the access log records for a request whose client hung up before the answer (the
// status nginx uses); it is never sent.
const StatusClientClosed = 499

// MaxBody is the largest request body accepted (1 MiB); larger bodies get 413.
const MaxBody = 1 << 20

// Error is an API error with its HTTP status. Body, when set, is written as is (for the shapes that are not the
// plain error list, such as record write errors or checkout problems); otherwise the body is the read-error list
// [{"errorCode": Code, "message": Message}].
type Error struct {
	Status  int
	Code    string
	Message string
	Body    any
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// Errorf builds an Error with the plain error-list body.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Common errors.
func NotFound(format string, args ...any) *Error {
	return Errorf(http.StatusNotFound, "NOT_FOUND", format, args...)
}
func BadRequest(code, format string, args ...any) *Error {
	return Errorf(http.StatusBadRequest, code, format, args...)
}
func Forbidden(format string, args ...any) *Error {
	return Errorf(http.StatusForbidden, "INSUFFICIENT_ACCESS", format, args...)
}
func Unauthorized() *Error {
	return Errorf(http.StatusUnauthorized, "INVALID_SESSION_ID", "Session expired or invalid")
}

// ErrorItem is one entry of the read-error list.
type ErrorItem struct {
	ErrorCode string `json:"errorCode"`
	Message   string `json:"message"`
}

// HandlerFunc is an http handler that returns its error for the one error writer.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP runs the handler and writes any error it returns.
func (h HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

// WriteError writes err in the API's format. A database refusing a value the caller sent is 400; other errors that
// are not *Error are logged and answered with a 500 that reveals nothing of the cause.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &e):
	case errors.As(err, &tooBig):
		e = Errorf(http.StatusRequestEntityTooLarge, "REQUEST_TOO_LARGE", "The request body is larger than %d bytes.", MaxBody)
	case r.Context().Err() != nil && errors.Is(err, r.Context().Err()):
		// The client hung up (or the server is shutting down) and the work was cancelled with it: nobody reads the
		// answer, and nothing failed on our side. Logged as such; the access log records 499, as proxies do.
		Logger(r.Context()).Info("client closed the request", "err", err)
		return
	case db.IsUnavailable(err):
		// The database went away, refuses connections or stayed locked: the request may succeed later.
		Logger(r.Context()).Warn("database unavailable", "err", err)
		w.Header().Set("Retry-After", "5")
		e = Errorf(http.StatusServiceUnavailable, "SERVER_UNAVAILABLE", "The service is temporarily unavailable. Try again shortly.")
	case db.IsDataError(err):
		// A value the caller sent that the database cannot take (too long, out of range, malformed): the caller's
		// fault, so never a 500. The database's wording stays in the log; it names internal columns and types.
		Logger(r.Context()).Info("value refused by the database", "err", err)
		e = BadRequest("INVALID_API_INPUT", "A value in the request is out of range, too long or malformed.")
	default:
		Logger(r.Context()).Error("request failed", "err", err)
		e = Errorf(http.StatusInternalServerError, "UNKNOWN_EXCEPTION", "An unexpected error occurred. Quote request id %s.", RequestID(r.Context()))
	}
	if e.Body != nil {
		WriteJSON(w, e.Status, e.Body)
		return
	}
	WriteJSON(w, e.Status, []ErrorItem{{ErrorCode: e.Code, Message: e.Message}})
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// EncodeJSON is v as WriteJSON writes it, for an answer kept to be written again (WriteJSONBytes).
func EncodeJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return b.Bytes()
}

// WriteJSONBytes writes an answer EncodeJSON made and its writer keeps (WriteShared).
func WriteJSONBytes(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(status)
	WriteShared(w, body)
}

// DecodeJSON reads the request body as JSON into v. Malformed JSON, a body of the wrong shape, trailing data or an
// empty body are 400 JSON_PARSER_ERROR; a body over MaxBody is 413.
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := ReadBody(w, r)
	if err != nil {
		return err
	}
	return DecodeJSONBytes(body, v)
}

// DecodeJSONBytes is DecodeJSON for a body already read (ReadBody).
func DecodeJSONBytes(body []byte, v any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return BadRequest("JSON_PARSER_ERROR", "The request body is empty.")
	}
	dec := json.NewDecoder(bytes.NewReader(body)) // the decoded values are copies: body is not kept
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return BadRequest("JSON_PARSER_ERROR", "The request body is not valid JSON: %s", jsonProblem(err))
	}
	// Only space may follow the value. (Decoder.More is not the check: it reports false for a stray '}' or ']'.)
	if _, err := dec.Token(); err != io.EOF {
		return BadRequest("JSON_PARSER_ERROR", "The request body has data after the JSON value.")
	}
	return nil
}

// ReadBody reads the request body, up to MaxBody (413 beyond). A body the client stops sending is the client's
// failure, not the server's: past the server's read deadline it is 408, cut off it is 400, never a logged 500.
func ReadBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var tooBig *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil, errors.As(err, &tooBig):
		return body, err
	case errors.As(err, &netErr) && netErr.Timeout():
		return nil, Errorf(http.StatusRequestTimeout, "REQUEST_TIMEOUT", "The request body did not arrive in time.")
	default:
		return nil, BadRequest("JSON_PARSER_ERROR", "The request body could not be read: the client stopped sending it.")
	}
}

func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("%s must be %s, not %s", typeErr.Field, typeErr.Type, typeErr.Value)
	}
	return err.Error()
}

// Logger returns the request's logger, carrying its request id, or the default one. Built when asked for (most
// requests log nothing), not for every request.
func Logger(ctx interface{ Value(any) any }) *slog.Logger {
	l, ok := ctx.Value(loggerKey{}).(*slog.Logger)
	if !ok {
		return slog.Default()
	}
	if id, _ := ctx.Value(requestIDKey{}).(string); id != "" {
		return l.With("request_id", id)
	}
	return l
}
