package httpx

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// AppendJSONString writes what encoding/json writes (HTML characters left as they are).
func TestAppendJSONStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `quote " and \ back`, "new\nline\ttab\rret", "\x00\x01\x1f\x7f", "\b\f",
		"<a&b>", "é ü 日本", "\u2028\u2029", "bad \xff utf8", "cut \xe6\x97", "emoji 😀"} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		want := bytes.TrimRight(buf.Bytes(), "\n")
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}

// Every byte that needs escaping or decoding is found wherever it falls in a long string (the eight-byte steps).
func TestAppendJSONStringFindsEveryByteInLongStrings(t *testing.T) {
	plain := "Heavy-duty stapler, 25 sheets (metal)."
	for _, special := range []string{"\"", "\\", "\n", "\x00", "\x1f", "\x7f", "é", "\u2028", "\xff", "😀", " ", "~"} {
		for at := 0; at <= len(plain); at++ {
			s := plain[:at] + special + plain[at:]
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s)
			if got, want := AppendJSONString(nil, s), bytes.TrimRight(buf.Bytes(), "\n"); !bytes.Equal(got, want) {
				t.Fatalf("%q: got %s, want %s", s, got, want)
			}
		}
	}
}

func BenchmarkAppendJSONString(b *testing.B) {
	description := strings.Repeat("A sturdy stapler for the office: staples 25 sheets, loads from the top. ", 14)
	buf := make([]byte, 0, 2048)
	b.SetBytes(int64(len(description)))
	for b.Loop() {
		buf = AppendJSONString(buf[:0], description)
	}
}
