package auth

import (
	"context"
	"crypto/subtle"
	"net/http"
	"storefront/internal/identity"
	"strings"
	"time"

	"storefront/internal/platform/httpx"
	"storefront/internal/platform/metrics"
)

type serviceKey struct{}

// Middleware resolves every request's principal and puts it in the request context:
//   - Authorization: Bearer <token> (or "OAuth <token>", as Salesforce also accepts): the token's session, or 401
//     INVALID_SESSION_ID when it is unknown or expired. Bearer requests need no CSRF token: a browser never
//     attaches an Authorization header on its own.
//   - otherwise the sf_sid cookie: its session, with the CSRF check on unsafe methods. A stale cookie is cleared and
//     the request continues as a guest.
//   - otherwise a guest without a session (see EnsureSession).
//
// Resolving costs one indexed query, and only when the request carries a token.
func Middleware(s *Service) func(http.Handler) http.Handler {
	// Sign-in and the OAuth endpoints need no token (see login); logout checks its own, which a form sends in a field.
	exempt := map[string]bool{LoginPath: true, TokenPath: true, RevokePath: true, s.LogoutPath(): true}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == metrics.Path || r.URL.Path == "/healthz" || r.URL.Path == "/readyz" {
				// Probes and the metrics scraper have no session; the scraper's bearer token is the metrics
				// endpoint's own, not a session token.
				next.ServeHTTP(w, r)
				return
			}
			ctx := context.WithValue(r.Context(), serviceKey{}, s)
			p, err := s.resolve(w, r.WithContext(ctx), exempt[r.URL.Path] || strings.HasPrefix(r.URL.Path, SOAPLoginPrefix))
			if err != nil {
				httpx.WriteError(w, r.WithContext(ctx), err)
				return
			}
			if p.ClientID != "" {
				httpx.NoteClient(ctx, p.ClientID)
			}
			next.ServeHTTP(w, r.WithContext(identity.WithPrincipal(ctx, p)))
		})
	}
}

func (s *Service) resolve(w http.ResponseWriter, r *http.Request, csrfExempt bool) (*identity.Principal, error) {
	ctx := r.Context()
	if token, ok := bearerToken(r); ok {
		ses, err := s.lookup(ctx, token)
		if err != nil {
			return nil, err
		}
		if ses == nil {
			return nil, httpx.Unauthorized()
		}
		ses.principal.ViaBearer = true
		return &ses.principal, nil
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return &identity.Principal{Guest: true}, nil
	}
	ses, err := s.lookup(ctx, c.Value)
	if err != nil {
		return nil, err
	}
	if ses == nil {
		clearCookies(w, r)
		return &identity.Principal{Guest: true}, nil
	}
	if !csrfExempt && !safeMethod(r.Method) && !csrfMatches(r, ses.csrf) {
		return nil, httpx.Errorf(http.StatusForbidden, "INVALID_CSRF_TOKEN",
			"The %s header is missing or does not match the %s cookie.", CSRFHeader, CSRFCookie)
	}
	if cc, err := r.Cookie(CSRFCookie); err != nil || cc.Value != ses.csrf { // the SPA lost it: give it back
		setCSRFCookie(w, r, ses.csrf, int((ses.expiresAt-time.Now().UnixMilli())/1000))
	}
	return &ses.principal, nil
}

// bearerToken returns the token of an "Authorization: Bearer ..." (or "OAuth ...") header.
func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !(strings.EqualFold(scheme, "Bearer") || strings.EqualFold(scheme, "OAuth")) {
		return "", false
	}
	return strings.TrimSpace(token), true
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// csrfMatches compares the header with the token stored in the session (which is also the sf_csrf cookie's value),
// in constant time.
func csrfMatches(r *http.Request, want string) bool {
	got := r.Header.Get(CSRFHeader)
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
