package soql

import (
	"fmt"
	"net/http"
	"strings"

	"storefront/internal/platform/httpx"
)

// Error codes of the query resource, as Salesforce names them.
const (
	CodeMalformed      = "MALFORMED_QUERY"
	CodeInvalidField   = "INVALID_FIELD"
	CodeInvalidType    = "INVALID_TYPE"
	CodeInvalidFilter  = "INVALID_QUERY_FILTER_OPERATOR"
	CodeInvalidLocator = "INVALID_QUERY_LOCATOR"
	CodeOutOfRange     = "NUMBER_OUTSIDE_VALID_RANGE"
)

// Error is a query refused before it ran. Pos is the byte offset the error points at, -1 when it points nowhere
// (the message is then sent alone).
type Error struct {
	Code string
	Pos  int
	Msg  string
}

func (e *Error) Error() string { return e.Code + ": " + e.Msg }

func errAt(code string, pos int, format string, args ...any) *Error {
	return &Error{Code: code, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func malformed(pos int, format string, args ...any) *Error {
	return errAt(CodeMalformed, pos, format, args...)
}

// Message is the error as Salesforce words it for a query: the line of the query with a caret under the column,
// "ERROR at Row:r:Column:c" (both from 1), then the reason.
func (e *Error) Message(src string) string {
	if e.Pos < 0 {
		return e.Msg
	}
	pos := min(e.Pos, len(src))
	row, lineStart := 1, 0
	for i := 0; i < pos; i++ {
		if src[i] == '\n' {
			row++
			lineStart = i + 1
		}
	}
	lineEnd := strings.IndexByte(src[lineStart:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src)
	} else {
		lineEnd += lineStart
	}
	col := pos - lineStart + 1
	// A long line is shown as a window around the column, as Salesforce does.
	from := max(lineStart, pos-60)
	to := min(lineEnd, pos+60)
	line := strings.TrimRight(src[from:to], "\r")
	caret := strings.Repeat(" ", pos-from) + "^"
	return fmt.Sprintf("\n%s\n%s\nERROR at Row:%d:Column:%d\n%s", line, caret, row, col, e.Msg)
}

// httpError is the wire error: 400 with the plain error list.
func (e *Error) httpError(src string) *httpx.Error {
	return httpx.Errorf(http.StatusBadRequest, e.Code, "%s", e.Message(src))
}
