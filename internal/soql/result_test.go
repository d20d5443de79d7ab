package soql

import (
	"bytes"
	"encoding/json"
	"testing"
)

// appendString writes what encoding/json writes (HTML characters left as they are).
func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `quote " and \ back`, "new\nline\ttab\rret", "\x00\x01\x1f", "<a&b>",
		"é ü 日本", "\u2028\u2029", "bad \xff utf8", "emoji 😀"} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		want := bytes.TrimRight(buf.Bytes(), "\n")
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}
