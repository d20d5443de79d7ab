package apptest

import (
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
)

// The harness names auth's cookies and header without importing auth (auth's tests use the harness).
func TestHarnessNamesAuthCookies(t *testing.T) {
	for _, c := range [][2]string{{apitest.SessionCookie, auth.SessionCookie}, {apitest.CSRFCookie, auth.CSRFCookie},
		{apitest.CSRFHeader, auth.CSRFHeader}} {
		if c[0] != c[1] {
			t.Errorf("apitest has %q, auth %q", c[0], c[1])
		}
	}
}
