package apitest

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	const body = `{"id":"001","n":3,"ok":true,"tags":["a","b"],"parent":{"name":"Acme","city":null},"big":12345678901234567890}`
	for _, c := range []struct {
		want, diff string // diff: "" for a match, else a part of the message
	}{
		{`{"id":"001"}`, ""},
		{`{"id":"<string>","n":"<number>","ok":"<bool>","tags":"<array>","parent":"<object>","missing":"<absent>"}`, ""},
		{`{"parent":{"city":"<any>"}}`, ""},
		{`{"tags":["a","b"]}`, ""},
		{`{"big":12345678901234567890}`, ""},
		{`{"big":12345678901234567891}`, "$.big: got 12345678901234567890"},
		{`{"id":"002"}`, `$.id: got "001", want "002"`},
		{`{"n":"3"}`, `$.n: got 3, want "3"`},
		{`{"tags":["a"]}`, "$.tags: 2 elements, want 1"},
		{`{"tags":["a","c"]}`, `$.tags[1]: got "b", want "c"`},
		{`{"parent":{"city":"<string>"}}`, "$.parent.city: got null, want <string>"},
		{`{"parent":{"name":"<absent>"}}`, `$.parent.name: got "Acme", want it absent`},
		{`{"nope":"<any>"}`, "$.nope: missing"},
		{`[]`, "want an array"},
	} {
		got := Match(body, c.want)
		if (c.diff == "") != (got == "") || !strings.Contains(got, c.diff) {
			t.Errorf("Match(%s): %q, want %q", c.want, got, c.diff)
		}
	}
	if d := Match("not json", `{}`); !strings.Contains(d, "not JSON") {
		t.Errorf("a body that is not JSON: %q", d)
	}
}

func TestEqualRefusesExtraKeys(t *testing.T) {
	if d := Equal(`{"a":1,"b":2}`, `{"a":1}`); !strings.Contains(d, "$.b: got 2, want no such key") {
		t.Errorf("extra key: %q", d)
	}
	if d := Equal(`{"a":[{"x":1}]}`, `{"a":[{"x":"<number>"}]}`); d != "" {
		t.Errorf("same document: %q", d)
	}
}

func TestExactDiff(t *testing.T) {
	if d := ExactDiff("{\"a\":1}\n", `{"a":1}`); d != "" {
		t.Errorf("trailing newline: %q", d)
	}
	if d := ExactDiff(`{"b":1,"a":2}`, `{"a":2,"b":1}`); !strings.Contains(d, "at byte 2") {
		t.Errorf("key order counts in an exact body: %q", d)
	}
	if d := ExactDiff("x", ""); d != "want no body" {
		t.Errorf("unwanted body: %q", d)
	}
}
