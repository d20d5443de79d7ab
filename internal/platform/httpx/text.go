package httpx

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
)

// RefuseBadText answers 400 INVALID_API_INPUT to a request whose path, query string or body holds text no database
// can store: a NUL character, or bytes that are not UTF-8. PostgreSQL refuses both in text (SQLSTATE 22021, 22P05)
// where SQLite keeps them, so without this one check the same bad request would be a 4xx on one database and a 500
// on the other, wherever the text reaches SQL. Checked: the decoded path, every query parameter name and value,
// and a body: form fields decoded, anything else (JSON) as UTF-8 without a \u0000 escape. A body over MaxBody is 413.
// A multipart/form-data body (a file upload) passes unread: it may be large and binary, so its handler streams it and
// checks its text parts with GoodText.
func RefuseBadText(next http.Handler) http.Handler {
	return HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if !goodText(r.URL.Path) {
			return badText("path")
		}
		if !goodValues(r.URL.RawQuery) {
			return badText("query string")
		}
		if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 && !isMultipartForm(r) {
			body, err := ReadBody(w, r)
			if err != nil {
				return err
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			if !goodBody(r.Header.Get("Content-Type"), body) {
				return badText("body")
			}
		}
		next.ServeHTTP(w, r)
		return nil
	})
}

func badText(where string) *Error {
	return BadRequest("INVALID_API_INPUT", "The request's %s holds a NUL character or bytes that are not UTF-8.", where)
}

// isMultipartForm reports whether the body is multipart/form-data.
func isMultipartForm(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt == "multipart/form-data"
}

// GoodText reports whether s is text every database stores: UTF-8 without a NUL character.
func GoodText(s string) bool { return goodText(s) }

func goodText(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// goodValues checks the names and values of a query string or form body as the handlers will read them (decoded).
// Pairs that do not decode are left to the handlers, which never see them (url.ParseQuery skips them).
func goodValues(raw string) bool {
	values, _ := url.ParseQuery(raw)
	for name, vs := range values {
		if !goodText(name) {
			return false
		}
		for _, v := range vs {
			if !goodText(v) {
				return false
			}
		}
	}
	return true
}

func goodBody(contentType string, body []byte) bool {
	if mt, _, _ := mime.ParseMediaType(contentType); mt == "application/x-www-form-urlencoded" {
		return goodValues(string(body))
	}
	return utf8.Valid(body) && bytes.IndexByte(body, 0) < 0 && !hasNULEscape(body)
}

// hasNULEscape reports whether JSON text holds the escape \u0000, which decodes to a NUL character. Escapes are read
// in pairs, so the text `\\u0000` (a backslash, then "u0000") is not one.
func hasNULEscape(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if bytes.HasPrefix(b[i+1:], []byte("u0000")) {
			return true
		}
		i++ // skip the escaped character
	}
	return false
}

// Clip shortens caller text quoted back in an error message, so a huge value does not come back whole: at most 60
// characters (never splitting one), then "...".
func Clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "..."
	}
	return s
}
