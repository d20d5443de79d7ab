package connectapi

import (
	"net/http/httptest"
	"strings"
	"testing"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

func TestQuery(t *testing.T) {
	q := NewQuery(httptest.NewRequest("GET", "/x?a=TRUE&b=false&c=yes&n=12&m=1.5&l=x,%20y,,x&l=z", nil))
	if v, err := q.Bool("a", false); err != nil || !v {
		t.Fatalf("a: %v %v", v, err)
	}
	if v, err := q.Bool("b", true); err != nil || v {
		t.Fatalf("b: %v %v", v, err)
	}
	if v, err := q.Bool("missing", true); err != nil || !v {
		t.Fatalf("default: %v %v", v, err)
	}
	_, err := q.Bool("c", false)
	if e, ok := err.(*httpx.Error); !ok || e.Status != 400 || e.Code != InvalidInput ||
		e.Message != "The type entered for c isn't valid. Enter the value as a/an Boolean." {
		t.Fatalf("c: %v", err)
	}
	if n, err := q.Int("n", 0); err != nil || n != 12 {
		t.Fatalf("n: %v %v", n, err)
	}
	if _, err := q.Int("m", 0); err == nil || !strings.Contains(err.Error(), "a/an Integer") {
		t.Fatalf("m: %v", err)
	}
	if got := strings.Join(q.List("l"), "|"); got != "x|y|z" {
		t.Fatalf("list: %q", got)
	}
}

func TestChannelID(t *testing.T) {
	site := records.StableID(SitePrefix, 1)
	ch := ChannelID(site)
	if records.KeyPrefix(ch) != ChannelPrefix || ch[3:15] != site[3:15] || len(ch) != 18 {
		t.Fatalf("channel of %s: %s", site, ch)
	}
	if _, ok := records.NormalizeID(ch); !ok {
		t.Fatalf("channel id %s is not a valid id", ch)
	}
	if ChannelID(site[:15]) != ch || ChannelID("short") != "" {
		t.Fatal("channel of a 15-character or short id")
	}
}
