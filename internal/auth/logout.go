package auth

import (
	"crypto/subtle"
	"html/template"
	"mime"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
)

// Signing out. Ending a session is a state change like any other, so it is not a cross-site request: GET
// {basePath}/logout only shows a page asking to confirm (a plain link to it still works), and POST {basePath}/logout
// ends a browser session only with the session's CSRF token, in the X-CSRF-Token header (the web app's fetch) or in
// the csrf_token field of a form (the confirmation page). Otherwise another site could sign a buyer out, or end a
// guest's session and its cart. The middleware leaves /logout to this file, since a form cannot send the header.

// logoutField is the confirmation form's field holding the CSRF token.
const logoutField = "csrf_token"

// logout is GET and POST {basePath}/logout.
func (s *Service) logout(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-store")
	p := identity.FromContext(r.Context())
	if r.Method == http.MethodPost && p.ViaBearer { // an API client ends its own token; no browser is involved
		if err := s.destroy(r.Context(), p.SessionID); err != nil {
			return err
		}
		s.home(w, r)
		return nil
	}
	csrf, err := s.browserCSRF(r)
	if err != nil {
		return err
	}
	if csrf == "" { // no session to end (the middleware already cleared a stale cookie)
		s.home(w, r)
		return nil
	}
	if r.Method != http.MethodPost {
		if p.Guest { // nothing to confirm: a guest's session (its cart) ends only by a POST with its token
			s.home(w, r)
			return nil
		}
		return s.confirmLogout(w, r, csrf)
	}
	if !logoutTokenMatches(w, r, csrf) {
		return httpx.Errorf(http.StatusForbidden, "INVALID_CSRF_TOKEN",
			"Signing out needs the session's CSRF token, in the %s header or the %s field.", CSRFHeader, logoutField)
	}
	if err := s.destroy(r.Context(), p.SessionID); err != nil {
		return err
	}
	clearCookies(w, r)
	s.home(w, r)
	return nil
}

// browserCSRF is the CSRF token of the request's cookie session; "" when it has none (a guest without a session, or
// a bearer request).
func (s *Service) browserCSRF(r *http.Request) (string, error) {
	if p := identity.FromContext(r.Context()); p.SessionID == "" || p.ViaBearer {
		return "", nil
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return "", nil
	}
	ses, err := s.lookup(r.Context(), c.Value) // answered from memory: the middleware just read it
	if err != nil || ses == nil {
		return "", err
	}
	return ses.csrf, nil
}

// logoutTokenMatches reports whether a sign-out carries the session's CSRF token: in the header, or in the body of
// a form (never the query string, which logs and Referer headers keep).
func logoutTokenMatches(w http.ResponseWriter, r *http.Request, want string) bool {
	if csrfMatches(r, want) {
		return true
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return false
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	got := r.PostFormValue(logoutField)
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// home answers a finished or needless sign-out: 204 to the web app's fetch (it asks for JSON and navigates itself),
// and a redirect to the store's home page to a form or a link.
func (s *Service) home(w http.ResponseWriter, r *http.Request) {
	if strings.Contains(r.Header.Get("Accept"), "application/json") {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	http.Redirect(w, r, s.BasePath+"/", http.StatusSeeOther)
}

// confirmLogout answers GET {basePath}/logout for a session: a page with one form that signs out. No other site
// may frame it (a framed button could be clicked unawares), and it loads nothing.
func (s *Service) confirmLogout(w http.ResponseWriter, r *http.Request, csrf string) error {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Frame-Options", "DENY")
	return logoutPage.Execute(w, map[string]string{"Action": s.BasePath + s.LogoutPath(), "Home": s.BasePath + "/",
		"Field": logoutField, "Token": csrf})
}

var logoutPage = template.Must(template.New("logout").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Log out</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #1b1b1b; }
main { max-width: 28rem; margin: 4rem auto; padding: 0 1rem; }
button { font: inherit; padding: 0.6rem 1.2rem; border: 0; border-radius: 4px; background: #1b2a41; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
a { color: #0b5cad; }
</style>
</head>
<body>
<main>
<h1>Log out</h1>
<p>Do you want to log out of the store?</p>
<form method="post" action="{{.Action}}">
<input type="hidden" name="{{.Field}}" value="{{.Token}}">
<button type="submit">Log out</button>
</form>
<p><a href="{{.Home}}">Stay logged in and go back to the store</a></p>
</main>
</body>
</html>
`))
