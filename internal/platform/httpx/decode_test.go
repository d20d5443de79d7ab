package httpx

import (
	"errors"
	"testing"
)

// A body is one JSON value and space: a stray closing bracket after it is data after the value, a 400, not a body
// that decodes into a map here and fails in a handler's second decode (a 500, found by the malformed-request probes).
func TestDecodeJSONBytesRefusesDataAfterTheValue(t *testing.T) {
	for _, body := range []string{`{"a":1}}`, `[1]]`, `{"a":1}]`, `{} {}`, `1 2`, `{"a":1}x`} {
		var v any
		var he *Error
		if err := DecodeJSONBytes([]byte(body), &v); !errors.As(err, &he) || he.Status != 400 || he.Code != "JSON_PARSER_ERROR" ||
			he.Message != "The request body has data after the JSON value." {
			t.Errorf("%s: %v", body, err)
		}
	}
	for _, body := range []string{`{"a":1}`, " {\"a\":1} \n", `[1]`, `"x"`} {
		var v any
		if err := DecodeJSONBytes([]byte(body), &v); err != nil {
			t.Errorf("%q: %v", body, err)
		}
	}
}
