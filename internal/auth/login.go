package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"storefront/internal/identity"
	"strconv"
	"strings"
	"time"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
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
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return httpx.Errorf(http.StatusUnsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE", "The login request must be application/json.")
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

// logout is GET and POST {basePath}/logout: it ends the session, clears the cookies and sends the browser home.
// It needs no CSRF token: the worst a forged logout does is sign the visitor out, which GET allows anyway.
func (s *Service) logout(w http.ResponseWriter, r *http.Request) error {
	if p := identity.FromContext(r.Context()); p.SessionID != "" {
		if err := s.destroy(r.Context(), p.SessionID); err != nil {
			return err
		}
	}
	clearCookies(w, r)
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, s.BasePath+"/", http.StatusSeeOther)
	return nil
}

// orgID is the organisation id in OAuth identity URLs: one store, one organisation.
var orgID = records.StableID("00D", 1)

type tokenResponse struct {
	AccessToken string `json:"access_token"`
	InstanceURL string `json:"instance_url"`
	ID          string `json:"id"`
	TokenType   string `json:"token_type"`
	IssuedAt    string `json:"issued_at"`
	Signature   string `json:"signature"`
}

type oauthError struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// token is POST /services/oauth2/token with the username-password grant: it returns a bearer token for API
// clients. client_id and client_secret are accepted and not checked; the secret, when given, keys the signature
// as Salesforce does (HMAC-SHA256 of id + issued_at), so clients that verify it can.
func (s *Service) token(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, httpx.MaxBody)
	if err := r.ParseForm(); err != nil {
		return oauthFail(http.StatusBadRequest, "invalid_request", "the request body is not a valid form")
	}
	if r.PostForm.Get("grant_type") != "password" {
		return oauthFail(http.StatusBadRequest, "unsupported_grant_type", "grant type not supported")
	}
	username, password := r.PostForm.Get("username"), r.PostForm.Get("password")
	if strings.TrimSpace(username) == "" || password == "" {
		return oauthFail(http.StatusBadRequest, "invalid_grant", "authentication failure")
	}
	// No device cookie for API clients: they are known by their address.
	userID, _, err := s.authenticate(r.Context(), r, username, password, false)
	var limited *limitedError
	switch {
	case errors.As(err, &limited):
		// 429 with Retry-After rather than the 400 invalid_grant of a wrong password: the password was not checked,
		// so a client holding the right one must not be told it is wrong, and can back off by the header.
		// rate_limit_exceeded is the code Salesforce's token endpoint uses for too many login attempts.
		w.Header().Set("Retry-After", limited.retryAfter())
		return oauthFail(http.StatusTooManyRequests, "rate_limit_exceeded", "Too many login attempts. Try again later.")
	case errors.Is(err, errBadCredentials):
		return oauthFail(http.StatusBadRequest, "invalid_grant", "authentication failure")
	case err != nil:
		return err
	}
	is, err := s.create(r.Context(), userID, "", "")
	if err != nil {
		return err
	}
	instance := "http://" + r.Host
	if isHTTPS(r) {
		instance = "https://" + r.Host
	}
	out := tokenResponse{AccessToken: is.token, InstanceURL: instance, ID: instance + "/id/" + orgID + "/" + userID,
		TokenType: "Bearer", IssuedAt: strconv.FormatInt(time.Now().UnixMilli(), 10)}
	mac := hmac.New(sha256.New, []byte(r.PostForm.Get("client_secret")))
	mac.Write([]byte(out.ID + out.IssuedAt))
	out.Signature = base64.StdEncoding.EncodeToString(mac.Sum(nil))
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func oauthFail(status int, code, description string) *httpx.Error {
	return &httpx.Error{Status: status, Code: code, Message: description,
		Body: oauthError{Error: code, Description: description}}
}
