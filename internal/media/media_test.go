package media

import (
	"strings"
	"testing"
)

func TestPlaceholderEscapesAndWraps(t *testing.T) {
	svg := string(Placeholder(`Bolts <M8> & "Nuts", a very long product name that cannot fit on three lines of text at all`, "MCKEY"))
	if strings.Contains(svg, "<M8>") || !strings.Contains(svg, "&lt;M8&gt; &amp;") {
		t.Fatalf("title not escaped: %s", svg)
	}
	if n := strings.Count(svg, "<text "); n != 3 {
		t.Fatalf("%d text lines, want 3", n)
	}
	if !strings.Contains(svg, "…</text>") {
		t.Fatal("a cut title must end with an ellipsis")
	}
	if string(Placeholder("A", "MCKEY")) != string(Placeholder("A", "MCKEY")) {
		t.Fatal("placeholder is not deterministic")
	}
}
