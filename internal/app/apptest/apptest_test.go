package apptest

import (
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
)

// The harness names the session cookie without importing auth (auth's tests use the harness).
func TestSessionCookieName(t *testing.T) {
	if apitest.SessionCookie != auth.SessionCookie {
		t.Fatalf("apitest.SessionCookie %q, auth.SessionCookie %q", apitest.SessionCookie, auth.SessionCookie)
	}
}
