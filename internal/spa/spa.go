// Package spa serves the built web app: real files from the dist folder, and
// index.html for every other path under the site base path, so that deep
// links (/cart, /global-search/x) load the app and its router takes over.
// A path that is none of the app's pages (siteroutes.Pages) gets index.html
// too, so that the app shows its not-found page, but with status 404.
package spa

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"storefront/internal/siteroutes"
)

const (
	// Hashed build output never changes under one name.
	cacheImmutable = "public, max-age=31536000, immutable"
	// index.html and other unhashed files are revalidated on every load.
	cacheRevalidate = "no-cache"
)

// contentSecurityPolicy is sent with the web app's HTML. The built app needs nothing else than:
//   - its own scripts and styles from /assets (Vite emits no inline script; React sets style
//     properties through the DOM, which a policy does not govern);
//   - its own API (connect-src): every call goes to the same origin, under the site base path;
//   - images from its own media paths (/cms/delivery/media, /img), data: URLs, and https: images,
//     because a product's or a category's media URL is whatever the store's staff entered and may
//     name a CDN; an image cannot run script, and without a script injection nothing can leak
//     through one;
//   - no plugins (object-src), no <base> from elsewhere, forms posted only to the store.
//
// frame-ancestors 'self': a page of another site may not frame the store. A buyer signed in to the
// store could otherwise be tricked into clicks on a framed page (log out, add to cart, soon place
// an order); no feature frames the store from elsewhere, while the store's own pages (a staff
// preview) still may. X-Frame-Options says the same to browsers that predate frame-ancestors.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

// resetPasswordPage is the page password reset links open (auth.ResetPagePath), below the base path.
const resetPasswordPage = "/reset-password"

// setDocumentHeaders sets the headers of an HTML answer of the web app.
func setDocumentHeaders(h http.Header) {
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Cache-Control", cacheRevalidate)
}

// Handler serves dist under basePath ("" or "/store"). Requests outside the
// base path get 404. Under it:
//   - /assets/...: the hashed file with a one-year immutable cache, or 404
//     when missing (never index.html, so a stale script URL fails loudly);
//     its brotli or gzip copy when the build made one and the client accepts it;
//   - any other existing file (favicon.ico, robots.txt...): the file, no-cache;
//   - a page of the web app (siteroutes.IsPage): index.html, no-cache;
//   - everything else: index.html with status 404, no-cache, so that browsers
//     show the app's not-found page and crawlers and link checkers see 404.
//
// When basePath is not empty, index.html's references to "/assets/" are
// rewritten to "{basePath}/assets/", because the app is built with base "/".
// If dist has no index.html (the web app was not built), non-asset paths get
// 503 with a hint.
func Handler(dist fs.FS, basePath string) http.Handler {
	base := normaliseBase(basePath)
	return &handler{dist: dist, base: base, escapedBase: (&url.URL{Path: base}).EscapedPath()}
}

type handler struct {
	dist        fs.FS
	base        string
	escapedBase string // base as it appears in an escaped URL path
}

func normaliseBase(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || p == "/" {
		return ""
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return strings.TrimRight(p, "/")
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}

	rel, ok := h.strip(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	// rel is "/..." below the base path; clean it and drop the leading slash.
	clean := path.Clean("/" + rel)
	name := strings.TrimPrefix(clean, "/")

	if name == "assets" || strings.HasPrefix(name, "assets/") {
		if !h.exists(name) {
			w.Header().Set("Cache-Control", "no-store")
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", cacheImmutable)
		h.serveAsset(w, r, name)
		return
	}

	if name != "" && name != "index.html" {
		if data, ok := h.readFile(name); ok {
			w.Header().Set("Cache-Control", cacheRevalidate)
			w.Header().Set("ETag", etag(data))
			serve(w, r, name, data)
			return
		}
	}

	index, ok := h.readFile("index.html")
	if !ok {
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "the web app is not built: run `npm run build` in web/ and rebuild the binary", http.StatusServiceUnavailable)
		return
	}
	if h.base != "" {
		index = bytes.ReplaceAll(index, []byte(`"/assets/`), []byte(`"`+h.base+`/assets/`))
	}
	setDocumentHeaders(w.Header())
	if strings.EqualFold(clean, resetPasswordPage) {
		// The page's URL holds a password reset token: no request it makes, and no link followed from it, may carry
		// that URL in a Referer, even to the store itself.
		w.Header().Set("Referrer-Policy", "no-referrer")
	}
	if !h.isPage(r) {
		// ServeContent only answers 200 (or 206/304): a 404 is written as is, without validators.
		writeWhole(w, r, http.StatusNotFound, index)
		return
	}
	w.Header().Set("ETag", etag(index))
	serve(w, r, "index.html", index)
}

// isPage reports whether the request is for one of the web app's pages. The escaped path is matched, as the
// browser's router matches location.pathname: /global-search/a%2Fb is one search term, not two segments.
func (h *handler) isPage(r *http.Request) bool {
	p := r.URL.EscapedPath()
	if h.escapedBase != "" {
		p = strings.TrimPrefix(p, h.escapedBase)
	}
	return siteroutes.IsPage(p)
}

// strip returns the path below the base path, and false when p is outside it.
func (h *handler) strip(p string) (string, bool) {
	if h.base == "" {
		return p, true
	}
	if p == h.base {
		return "/", true
	}
	if strings.HasPrefix(p, h.base+"/") {
		return p[len(h.base):], true
	}
	return "", false
}

// exists reports whether dist has a regular file of that name.
func (h *handler) exists(name string) bool {
	if !fs.ValidPath(name) || name == "." {
		return false
	}
	info, err := fs.Stat(h.dist, name)
	return err == nil && !info.IsDir()
}

// readFile reads a regular file of dist; directories and invalid names are misses.
func (h *handler) readFile(name string) ([]byte, bool) {
	if !h.exists(name) {
		return nil, false
	}
	data, err := fs.ReadFile(h.dist, name)
	if err != nil {
		return nil, false
	}
	return data, true
}

// serve writes data with the content type of name (ServeContent handles
// Range and HEAD). The zero modtime leaves Last-Modified out: embedded files
// have none.
func serve(w http.ResponseWriter, r *http.Request, name string, data []byte) {
	if strings.HasSuffix(name, ".html") {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	}
	http.ServeContent(w, r, path.Base(name), time.Time{}, bytes.NewReader(data))
}

// etag is a strong validator for revalidated (no-cache) files.
func etag(data []byte) string {
	sum := sha256.Sum256(data)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}
