package spa

import (
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// precompressed are the content codings the build writes beside each asset (web/scripts/compress.mjs), in the
// order the server prefers them: brotli is smaller than gzip for the same file.
var precompressed = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// serveAsset serves a built asset, or its precompressed copy in the best coding the client accepts. A file with
// copies varies by Accept-Encoding, whichever representation this answer carries, so that a shared cache keeps
// them apart. Content-Type and Content-Length are those of what is sent: the type of the asset itself (by its
// name), the length of the copy.
func (h *handler) serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	accept := r.Header.Get("Accept-Encoding")
	varies := false
	for _, p := range precompressed {
		if !h.exists(name + p.suffix) {
			continue
		}
		varies = true
		if !accepts(accept, p.coding) {
			continue
		}
		if encoded, ok := h.readFile(name + p.suffix); ok {
			w.Header().Add("Vary", "Accept-Encoding")
			w.Header().Set("Content-Encoding", p.coding)
			// Written whole, as a Range would have to count bytes of the coded copy: ServeContent leaves
			// Content-Length out of coded answers, and browsers do not ask scripts and styles for ranges.
			w.Header().Set("Content-Type", contentType(name))
			writeWhole(w, r, http.StatusOK, encoded)
			return
		}
	}
	if varies {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	data, ok := h.readFile(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	serve(w, r, name, data)
}

// accepts reports whether an Accept-Encoding header value accepts coding (RFC 9110 section 12.5.3): named with a
// q-value above 0, or covered by "*" when not named at all.
func accepts(header, coding string) bool {
	star := false
	for _, item := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(item, ";")
		token = strings.ToLower(strings.TrimSpace(token))
		if token != coding && token != "*" {
			continue
		}
		ok := qualityAboveZero(params)
		if token == coding {
			return ok
		}
		star = ok
	}
	return star
}

// qualityAboveZero reads the q parameter of an Accept-Encoding item; absent means 1.
func qualityAboveZero(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return err == nil && q > 0
	}
	return true
}

// contentType is the media type of a file by its extension, as ServeContent would pick it.
func contentType(name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// writeWhole writes data as the whole body with its length (none for HEAD).
func writeWhole(w http.ResponseWriter, r *http.Request, status int, data []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}
