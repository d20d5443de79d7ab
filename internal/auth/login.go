package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"storefront/internal/identity"
	"strconv"
	"strings"
	"time"

	"storefront/internal/platform/httpx"
)

// errBadCredentials is any failed sign-in: unknown user, inactive user, wrong password. One answer for all, so the
// API does not tell which usernames exist.
var errBadCredentials = errors.New("auth: invalid username or password")

// limitedError says the caller must wait before trying again.
type limitedError struct{ wait time.Duration }

func (e *limitedError) Error() string { return "auth: too many login attempts" }

func (e *limitedError) retryAfter() string {
	return strconv.Itoa(int((e.wait + time.Second - 1) / time.Second))
}

// authenticate checks a username and password under the sign-in throttle (ratelimit.go) and returns the user's id,
// and, for a browser, the device token to give it. Errors: *limitedError, errBadCredentials, or a storage failure.
func (s *Service) authenticate(ctx context.Context, r *http.Request, username, password string, browser bool) (userID, device string, err error) {
	addr := s.clientAddress(r)
	userID, hash, err := s.credential(ctx, username)
	if err != nil {
		return "", "", err
	}
	// Asked for unknown usernames too (matching nothing), so the answer takes the same work either way.
	presented := presentedDevice(r)
	known, err := s.knownSource(ctx, userID, presented, addr)
	if err != nil {
		return "", "", err
	}
	res, wait, err := s.reserve(ctx, s.buckets(username, userID, known, addr))
	if err != nil {
		return "", "", err
	}
	if wait > 0 {
		return "", "", &limitedError{wait: wait}
	}
	if hash == "" || len(password) > MaxPasswordLen {
		_, _ = VerifyPassword(dummyHash(), password[:min(len(password), MaxPasswordLen)]) // same time as a real check
		return "", "", errBadCredentials
	}
	ok, err := VerifyPassword(hash, password)
	if err != nil {
		return "", "", fmt.Errorf("auth: user %s: %w", userID, err)
	}
	if !ok {
		return "", "", errBadCredentials
	}
	sources := []string{"a:" + addr}
	if browser {
		// A browser keeps its token only if it was already known for this user: one it was handed by anyone else
		// (another user of the same browser, or a token planted by an attacker) is replaced, never trusted.
		device = presented
		if presented == "" || known != deviceSource(presented) {
			device = newToken()
		}
		sources = append(sources, deviceSource(device))
	}
	return userID, device, s.succeeded(ctx, res, userID, sources)
}

// credential returns an active user's id and password hash; empty strings when there is no such active user.
func (s *Service) credential(ctx context.Context, username string) (string, string, error) {
	var id, hash string
	err := s.DB.QueryRow(ctx, `SELECT u.id, c.password_hash FROM "user" u JOIN sf_credential c ON c.user_id = u.id
		WHERE u.username = ? AND u.isactive = ?`, strings.ToLower(strings.TrimSpace(username)), true).Scan(&id, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	return id, hash, err
}

type loginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// login is POST /api/auth/login. It is exempt from the CSRF check (the SPA has no token before it signs in) and
// is protected instead by requiring a JSON body: a cross-site HTML form cannot send application/json, and a
// cross-site fetch with it needs a CORS preflight we never grant. So no other site can sign a visitor in.
func (s *Service) login(w http.ResponseWriter, r *http.Request) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	var in loginRequest
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Username) == "" || in.Password == "" {
		return httpx.BadRequest("REQUIRED_FIELD_MISSING", "username and password are required.")
	}
	userID, device, err := s.authenticate(r.Context(), r, in.Username, in.Password, true)
	var limited *limitedError
	switch {
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", limited.retryAfter())
		return httpx.Errorf(http.StatusTooManyRequests, "REQUEST_LIMIT_EXCEEDED", "Too many login attempts. Try again later.")
	case errors.Is(err, errBadCredentials):
		return httpx.Errorf(http.StatusUnauthorized, "INVALID_LOGIN", "Invalid username or password.")
	case err != nil:
		return err
	}
	if err := s.signIn(w, r, userID); err != nil {
		return err
	}
	s.setDeviceCookie(w, r, device)
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"userId": userID})
	return nil
}

// signIn replaces the caller's session, if any, with a new one for the user (a new id: no session fixation) and
// sets its cookies. A guest session it replaces is remembered for the guest cart.
func (s *Service) signIn(w http.ResponseWriter, r *http.Request, userID string) error {
	prev := identity.FromContext(r.Context())
	priorGuest, replaced := "", prev.SessionID
	if prev.Guest {
		priorGuest = prev.SessionID
	}
	if prev.ViaBearer { // an API client's token is not the browser session being replaced
		replaced = ""
	}
	is, err := s.create(r.Context(), userID, priorGuest, replaced)
	if err != nil {
		return err
	}
	setCookies(w, r, is)
	return nil
}
