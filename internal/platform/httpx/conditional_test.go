package httpx

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestJSONResponsesValidateAndCompress(t *testing.T) {
	big := `{"name":"` + strings.Repeat("widget ", 300) + `"}`
	answer := func(contentType, cache, body string) http.Handler {
		return JSONResponses(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if cache != "" {
				w.Header().Set("Cache-Control", cache)
			}
			w.Header().Set("Content-Type", contentType)
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, body)
		}))
	}
	do := func(h http.Handler, method string, headers ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "/x", nil)
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	product := answer("application/json;charset=UTF-8", "private, max-age=60", `{"id":"01t"}`)

	first := do(product, "GET")
	etag := first.Header().Get("ETag")
	if first.Code != 200 || !strings.HasPrefix(etag, `W/"`) || first.Body.String() != `{"id":"01t"}` {
		t.Fatalf("cacheable answer: %d ETag %q body %q", first.Code, etag, first.Body.String())
	}
	for _, match := range []string{etag, `"other", ` + etag, strings.TrimPrefix(etag, "W/"), "*"} {
		if again := do(product, "GET", "If-None-Match", match); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("If-None-Match %s: %d with %d bytes, want an empty 304", match, again.Code, again.Body.Len())
		}
	}
	if other := do(product, "GET", "If-None-Match", `W/"stale"`); other.Code != 200 {
		t.Errorf("a stale ETag: %d, want 200", other.Code)
	}
	if post := do(product, "POST", "If-None-Match", etag); post.Code != 200 || post.Header().Get("ETag") != "" {
		t.Errorf("POST: %d ETag %q; only GET answers are validated", post.Code, post.Header().Get("ETag"))
	}
	cart := answer("application/json", "no-store", `{"id":"0a6"}`)
	if got := do(cart, "GET", "If-None-Match", "*"); got.Code != 200 || got.Header().Get("ETag") != "" {
		t.Errorf("no-store answer: %d ETag %q, want 200 without an ETag", got.Code, got.Header().Get("ETag"))
	}

	large := answer("application/json", "no-store", big)
	zipped := do(large, "GET", "Accept-Encoding", "br, gzip")
	if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("large JSON: Content-Encoding %q Vary %q", zipped.Header().Get("Content-Encoding"), zipped.Header().Get("Vary"))
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != big || zipped.Body.Len() >= len(big)/4 {
		t.Fatalf("gzip body: %d bytes for %d, round trip equal %v", zipped.Body.Len(), len(big), string(plain) == big)
	}
	for _, ae := range []string{"", "identity", "gzip;q=0", "br"} {
		if got := do(large, "GET", "Accept-Encoding", ae); got.Header().Get("Content-Encoding") != "" || got.Body.String() != big {
			t.Errorf("Accept-Encoding %q: compressed anyway", ae)
		}
	}
	if small := do(product, "GET", "Accept-Encoding", "gzip"); small.Header().Get("Content-Encoding") != "" {
		t.Error("a small JSON answer was compressed")
	}
	// The line is 1,400 bytes: an answer that fits one packet with its headers is sent as it is (an add to
	// cart's, some 1,100 bytes), one of 1,400 bytes or more compressed.
	for size, want := range map[int]string{1100: "", 1399: "", 1400: "gzip"} {
		body := `{"n":"` + strings.Repeat("x", size-8) + `"}`
		got := do(answer("application/json", "no-store", body), "POST", "Accept-Encoding", "gzip")
		if enc := got.Header().Get("Content-Encoding"); enc != want {
			t.Errorf("a %d-byte JSON answer: Content-Encoding %q, want %q", len(body), enc, want)
		}
	}
	page := answer("text/html; charset=utf-8", "no-cache", "<p>"+big+"</p>")
	if got := do(page, "GET", "Accept-Encoding", "gzip"); got.Header().Get("Content-Encoding") != "" || got.Header().Get("ETag") != "" {
		t.Error("a page that is not JSON was changed")
	}
}

// The compressed form of a cacheable answer is kept and served again for the same bytes; other bytes under the
// same hash (a collision) are compressed afresh, never answered with the kept form.
func TestCompressedAnswersAreKeptByTheirBytes(t *testing.T) {
	a := bytes.Repeat([]byte(`{"name":"Everline Gel Pen"}`), 100)
	b := bytes.Repeat([]byte(`{"name":"Blue Ink Refill"}`), 100)
	first := compressedOf(42, a)
	if again := compressedOf(42, a); &again[0] != &first[0] {
		t.Error("the same answer was compressed again instead of served from memory")
	}
	collided := compressedOf(42, b) // same hash, other bytes
	for _, c := range []struct {
		gz, want []byte
	}{{first, a}, {collided, b}, {compressedOf(0, a), a}} {
		zr, err := gzip.NewReader(bytes.NewReader(c.gz))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Fatalf("inflated %q (%v), want %q", got[:min(len(got), 40)], err, c.want[:40])
		}
	}
}
