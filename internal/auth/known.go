package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

// DeviceCookie marks a browser that has signed in successfully, so its user's later sign-ins from it are judged by
// its own counter (see ratelimit.go). It holds a random token; the server keeps only its hash, per user. It is not
// an authenticator: it exempts from nothing but other sources' failures, and it is sent only to the login endpoint.
const DeviceCookie = "sf_device"

// deviceSource is the known-source name of a device token; "" when the token cannot be one of ours.
func deviceSource(token string) string {
	if !plausibleToken(token) {
		return ""
	}
	return "d:" + HashToken(token)
}

// presentedDevice is the device token the request carries, "" when none.
func presentedDevice(r *http.Request) string {
	if c, err := r.Cookie(DeviceCookie); err == nil && plausibleToken(c.Value) {
		return c.Value
	}
	return ""
}

// knownSource returns the source the user is known by for this attempt: the browser's device if the user signed in
// with it within KnownFor, else the address if the user signed in from it, else "".
func (s *Service) knownSource(ctx context.Context, userID, device, addr string) (string, error) {
	since := s.now().Add(-s.KnownFor).UnixMilli()
	var source string
	// "d:" sorts after "a:", so descending order puts a known device before a known address.
	err := s.DB.QueryRow(ctx, `SELECT source FROM sf_login_known WHERE user_id = ? AND source IN (?, ?)
		AND last_success_at > ? ORDER BY source DESC LIMIT 1`, userID, deviceSource(device), "a:"+addr, since).Scan(&source)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return source, err
}

// setDeviceCookie gives the browser its device token for as long as a known source is remembered. The path keeps it
// off every request but sign-in; Strict, because no other site has any business sending it.
func (s *Service) setDeviceCookie(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{Name: DeviceCookie, Value: token, Path: s.BasePath + LoginPath,
		MaxAge: int(s.KnownFor.Seconds()), HttpOnly: true, Secure: isHTTPS(r), SameSite: http.SameSiteStrictMode})
}
