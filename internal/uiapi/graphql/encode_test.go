package graphql

import (
	"encoding/json"
	"testing"
)

// appendJSON writes what encoding/json writes (HTML left unescaped) for the values an answer holds.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	strs := []string{"", "plain", `quo"te`, `back\slash`, "line\nfeed\r\ttab", "\x00\x01\x1f", "<a href='x'>&</a>",
		"é ü 日本", "sep\u2028par\u2029", "bad \xff utf8 \xc3", "emoji 🎉"}
	for _, s := range strs {
		v := object{{"k" + s, s}, {"list", []any{s, true, nil, 3, int64(-4), json.Number("12.50")}},
			{"nested", object{{"x", []string{s}}}}}
		got, err := v.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back any
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("%q: invalid JSON %s: %v", s, got, err)
		}
		want, _ := json.Marshal(map[string]any{"k" + s: s, "list": []any{s, true, nil, 3, -4, 12.5}, "nested": map[string]any{"x": []string{s}}})
		var wantBack any
		_ = json.Unmarshal(want, &wantBack)
		if gb, _ := json.Marshal(back); string(gb) != string(mustJSON(wantBack)) {
			t.Fatalf("%q: %s, want %s", s, got, want)
		}
	}
	if got, _ := (object{{"s", "<b>\u2028"}}).MarshalJSON(); string(got) != `{"s":"<b>\u2028"}` {
		t.Fatalf("escaping: %s", got)
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }
