package apitest

import (
	"net/http"
	"sync"
)

// The cookie and header of the app's CSRF check (auth.CSRFCookie and auth.CSRFHeader; apptest checks they agree).
const (
	CSRFCookie = "sf_csrf"
	CSRFHeader = "X-CSRF-Token"
)

// jar keeps cookies the way a browser does for one site: by name, dropped when an answer expires them.
type jar struct {
	mu      sync.Mutex
	cookies map[string]string
}

// Browser is a new browser: it sends back the cookies it was given, echoes the CSRF cookie in the CSRF header as
// the storefront's pages do, and never follows redirects (a test sees the 302 itself).
func Browser() Principal { return Principal{kind: browser, jar: &jar{cookies: map[string]string{}}} }

// Cookie is the value of a cookie the browser holds ("" when none).
func (p Principal) Cookie(name string) string {
	if p.jar == nil {
		return ""
	}
	p.jar.mu.Lock()
	defer p.jar.mu.Unlock()
	return p.jar.cookies[name]
}

func (j *jar) sign(req *http.Request) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for name, value := range j.cookies {
		req.AddCookie(&http.Cookie{Name: name, Value: value})
	}
	if v := j.cookies[CSRFCookie]; v != "" && req.Header.Get(CSRFHeader) == "" {
		req.Header.Set(CSRFHeader, v)
	}
}

func (j *jar) keep(resp *http.Response) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, c := range resp.Cookies() {
		if c.MaxAge < 0 {
			delete(j.cookies, c.Name)
		} else {
			j.cookies[c.Name] = c.Value
		}
	}
}

// noRedirects is the client of browsers.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
