package records

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Record is one row of an object, its values in canonical form (see values.go) keyed by field API name. Every
// field with a column is present, nil when empty.
type Record struct {
	Object *Object
	ID     string
	Values map[string]any
}

// Get returns a value by field API name (case-insensitive), nil when unset or unknown.
func (r *Record) Get(name string) any {
	if f := r.Object.Field(name); f != nil {
		return r.Values[f.APIName]
	}
	return nil
}

// String returns a text value, "" when unset.
func (r *Record) String(name string) string {
	s, _ := r.Get(name).(string)
	return s
}

// RecordTypeID is the record's record type, the master one when unset.
func (r *Record) RecordTypeID() string {
	if id := r.String("RecordTypeId"); id != "" {
		return id
	}
	return DefaultRecordTypeID
}

// ETag is an opaque hash of the record's whole state: it changes with every update (the modstamp always moves).
// A number hashes the same whether held as int64 or float64, as in JSON. Written directly rather than through
// encoding/json: a list of 50 records spent most of its representation here.
func (r *Record) ETag() string {
	names := make([]string, 0, len(r.Values))
	for name := range r.Values {
		names = append(names, name)
	}
	slices.Sort(names)
	h := md5.New()
	b := make([]byte, 0, 1024)
	b = appendText(appendText(b, r.Object.APIName), r.ID)
	for _, name := range names {
		b = appendText(b, name)
		switch v := r.Values[name].(type) {
		case nil:
			b = append(b, "null"...)
		case string:
			b = appendText(b, v)
		case bool:
			b = strconv.AppendBool(b, v)
		case int64:
			b = strconv.AppendInt(b, v, 10)
		case float64:
			b = strconv.AppendFloat(b, v, 'f', -1, 64)
		default:
			j, _ := json.Marshal(v)
			b = append(b, j...)
		}
		if len(b) > 4096 {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// appendText appends s with its length before it, so that no two sequences of texts and values read alike.
func appendText(b []byte, s string) []byte {
	return append(append(strconv.AppendInt(append(b, '\''), int64(len(s)), 10), ':'), s...)
}

// WeakETag is SystemModstamp in epoch milliseconds (0 when a row has none).
func (r *Record) WeakETag() int64 {
	t, err := time.Parse(DateTimeLayout, r.String("SystemModstamp"))
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}

// ErrNotFound is the answer for an id that is malformed, of an unknown object, absent, or not visible to the
// actor: the API does not tell these apart, so existence is never revealed.
var ErrNotFound = errors.New("records: the requested resource does not exist")

// WriteError is a refused write: validation, rights or a conflict. Errors concern no single known field;
// FieldErrors are keyed by the field's API name. Nothing was written.
type WriteError struct {
	Status int
	// Index is the position in the batch of the record that failed (0 for a single write).
	Index       int
	Errors      []FieldError
	FieldErrors []FieldError
}

func (e *WriteError) Error() string { return "records: " + e.Message() }

// Message is the first error's message, the top-level message of the wire error.
func (e *WriteError) Message() string {
	if len(e.Errors) > 0 {
		return e.Errors[0].Message
	}
	if len(e.FieldErrors) > 0 {
		return e.FieldErrors[0].Message
	}
	return "The record could not be saved."
}

func (e *WriteError) empty() bool { return len(e.Errors) == 0 && len(e.FieldErrors) == 0 }

func (e *WriteError) add(fe *FieldError) {
	if fe.Field == "" {
		e.Errors = append(e.Errors, *fe)
	} else {
		e.FieldErrors = append(e.FieldErrors, *fe)
	}
}

// Codes reports every error code, in order; handy for tests and logs.
func (e *WriteError) Codes() []string {
	var out []string
	for _, fe := range append(append([]FieldError{}, e.Errors...), e.FieldErrors...) {
		out = append(out, fe.Code)
	}
	return out
}

func writeErr(status int, code, format string, args ...any) *WriteError {
	return &WriteError{Status: status, Errors: []FieldError{{Code: code, Message: fmt.Sprintf(format, args...)}}}
}

func insufficientAccess() *WriteError {
	return writeErr(http.StatusForbidden, CodeInsufficientAccess, "insufficient access rights on object id")
}

// ConflictError answers an update whose If-Unmodified-Since precondition failed: the record changed after it.
type ConflictError struct {
	LastModified string
}

func (e *ConflictError) Error() string {
	return "The requested record was modified after the If-Unmodified-Since date (last modified " + e.LastModified + ")."
}

// notWritable builds the error Salesforce gives for fields the user may not set.
func notWritable(names []string) *FieldError {
	return &FieldError{Code: CodeInvalidFieldForInsert, Message: "Unable to create/update fields: " +
		strings.Join(names, ", ") + ". Please check the security settings of this field and verify that it is " +
		"read/write for your profile or permission set."}
}
