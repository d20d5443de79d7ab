package httpx

import (
	"net/http"
	"strings"
)

// SecurityHeaders sets the headers every response carries:
//   - X-Content-Type-Options: nosniff, so a browser never runs JSON or an image as a script or a page;
//   - Referrer-Policy: strict-origin-when-cross-origin: another site gets the store's origin only, never a path
//     (which can hold a search term or a record id), and nothing over plain HTTP. It is what current browsers do by
//     default; saying it keeps older browsers, whose default sent the full URL, to it. A stricter policy would only
//     hide the bare origin as well, which sites a buyer follows a link to may use to recognise the store.
//   - X-Frame-Options: DENY on everything but HTML pages: API answers, images and text are never framed by another
//     site. The web app's pages set their own framing policy (package spa).
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["X-Content-Type-Options"], h["Referrer-Policy"] = nosniff, referrerPolicy
		next.ServeHTTP(&frameGuard{ResponseWriter: w}, r)
	})
}

// The headers' values, shared by every response rather than allocated for each (a Set replaces them, an Add copies
// them: a one-element slice has no room to append into).
var (
	nosniff        = []string{"nosniff"}
	referrerPolicy = []string{"strict-origin-when-cross-origin"}
	frameDeny      = []string{"DENY"}
)

// frameGuard adds X-Frame-Options when the response starts, once its content type is known.
type frameGuard struct {
	http.ResponseWriter
	started bool
}

func (g *frameGuard) start() {
	if g.started {
		return
	}
	g.started = true
	h := g.Header()
	if !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		h["X-Frame-Options"] = frameDeny
	}
}

func (g *frameGuard) WriteHeader(code int) {
	g.start()
	g.ResponseWriter.WriteHeader(code)
}

func (g *frameGuard) Write(b []byte) (int, error) {
	g.start()
	return g.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes, deadlines).
func (g *frameGuard) Unwrap() http.ResponseWriter { return g.ResponseWriter }
