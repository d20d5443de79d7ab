package spa

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

func compressedFS() fstest.MapFS {
	fsys := testFS()
	fsys["assets/index-abc123.js.br"] = &fstest.MapFile{Data: []byte("BR")}
	fsys["assets/index-abc123.js.gz"] = &fstest.MapFile{Data: []byte("GZIP!")}
	fsys["assets/only-gz-1.css"] = &fstest.MapFile{Data: []byte("body{}")}
	fsys["assets/only-gz-1.css.gz"] = &fstest.MapFile{Data: []byte("GZ")}
	return fsys
}

func getWith(t *testing.T, h http.Handler, target, acceptEncoding string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestPrecompressedAssetByAcceptEncoding(t *testing.T) {
	h := Handler(compressedFS(), "")
	cases := []struct {
		accept, coding, body string
	}{
		{"gzip, deflate, br, zstd", "br", "BR"}, // what browsers send: brotli wins
		{"br;q=0.5, gzip;q=0.9", "br", "BR"},    // the server's preference, among those accepted
		{"gzip", "gzip", "GZIP!"},
		{"GZIP;q=1.0", "gzip", "GZIP!"},
		{"br;q=0, gzip", "gzip", "GZIP!"},
		{"*", "br", "BR"},
		{"*, br;q=0", "gzip", "GZIP!"},
		{"", "", "console.log('app')"},
		{"identity", "", "console.log('app')"},
		{"deflate, br;q=0, gzip;q=0", "", "console.log('app')"},
	}
	for _, c := range cases {
		rec := getWith(t, h, "/assets/index-abc123.js", c.accept)
		if rec.Code != http.StatusOK {
			t.Fatalf("%q: status %d", c.accept, rec.Code)
		}
		if got := rec.Header().Get("Content-Encoding"); got != c.coding {
			t.Errorf("%q: content encoding %q, want %q", c.accept, got, c.coding)
		}
		if rec.Body.String() != c.body {
			t.Errorf("%q: body %q, want %q", c.accept, rec.Body.String(), c.body)
		}
		if got := rec.Header().Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("%q: content type %q, want the script's", c.accept, got)
		}
		if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(len(c.body)) {
			t.Errorf("%q: content length %q, want %d", c.accept, got, len(c.body))
		}
		if got := rec.Header().Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
			t.Errorf("%q: vary %q", c.accept, got)
		}
		if got := rec.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("%q: cache control %q", c.accept, got)
		}
	}
}

func TestAssetWithOnlySomeCopies(t *testing.T) {
	h := Handler(compressedFS(), "")
	rec := getWith(t, h, "/assets/only-gz-1.css", "br, gzip")
	if rec.Header().Get("Content-Encoding") != "gzip" || rec.Body.String() != "GZ" {
		t.Errorf("gzip copy not served: %q %q", rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
	if got := rec.Header().Get("Content-Type"); got != "text/css; charset=utf-8" {
		t.Errorf("content type %q", got)
	}
	// An asset without copies does not vary.
	plain := getWith(t, Handler(testFS(), ""), "/assets/index-abc123.js", "br")
	if plain.Header().Get("Content-Encoding") != "" || plain.Header().Get("Vary") != "" {
		t.Errorf("no copies: encoding %q vary %q", plain.Header().Get("Content-Encoding"), plain.Header().Get("Vary"))
	}
}

func TestHeadOfCompressedAsset(t *testing.T) {
	req := httptest.NewRequest(http.MethodHead, "/assets/index-abc123.js", nil)
	req.Header.Set("Accept-Encoding", "br")
	rec := httptest.NewRecorder()
	Handler(compressedFS(), "").ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 || rec.Header().Get("Content-Encoding") != "br" || rec.Header().Get("Content-Length") != "2" {
		t.Errorf("HEAD: %d body %d encoding %q length %q", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Length"))
	}
}
