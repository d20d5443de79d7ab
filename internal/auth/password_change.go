package auth

import (
	"database/sql"
	"errors"
	"fmt"
	"mime"
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// PasswordPath is where a signed-in user changes the password.
const PasswordPath = "/api/profile/password"

func (s *Service) PasswordHandler() http.Handler { return httpx.HandlerFunc(s.changePassword) }

type passwordChange struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// changePassword is POST /api/profile/password {currentPassword, newPassword}: 204 when changed. The current
// password is checked as a sign-in is, under the same throttle (ratelimit.go), so a stolen session cannot be used
// to guess it any faster than the login form. The change ends every other session and access token of the user, and all of its refresh tokens:
// whoever knew the old password is signed out everywhere but here.
func (s *Service) changePassword(w http.ResponseWriter, r *http.Request) error {
	p := identity.FromContext(r.Context())
	if p.Guest || p.UserID == "" {
		return httpx.Unauthorized()
	}
	var in passwordChange
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.CurrentPassword == "" {
		return fieldErrors(fieldError{"REQUIRED_FIELD_MISSING", "Enter your current password.", "currentPassword"})
	}
	if err := checkNewPassword(in.NewPassword); err != nil {
		return err
	}
	ctx := r.Context()
	var username string
	if err := s.DB.QueryRow(ctx, `SELECT username FROM "user" WHERE id = ?`, p.UserID).Scan(&username); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return httpx.Unauthorized()
		}
		return err
	}
	_, _, err := s.authenticate(ctx, r, username, in.CurrentPassword, false)
	var limited *limitedError
	switch {
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", limited.retryAfter())
		return httpx.Errorf(http.StatusTooManyRequests, "REQUEST_LIMIT_EXCEEDED", "Too many wrong passwords. Try again later.")
	case errors.Is(err, errBadCredentials):
		return fieldErrors(fieldError{"INVALID_PASSWORD", "The current password is incorrect.", "currentPassword"})
	case err != nil:
		return err
	}
	if in.NewPassword == in.CurrentPassword {
		return fieldErrors(fieldError{"INVALID_PASSWORD", "The new password must differ from the current one.", "newPassword"})
	}
	hash, err := HashPassword(in.NewPassword)
	if err != nil {
		return err
	}
	if err := s.DB.InTx(ctx, func(tx *db.Tx) error { return s.setPassword(ctx, tx, p.UserID, hash, p.SessionID) }); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// checkNewPassword applies the password rule of CreateUser to a new password.
func checkNewPassword(pw string) error {
	if pw == "" {
		return fieldErrors(fieldError{"REQUIRED_FIELD_MISSING", "Enter a new password.", "newPassword"})
	}
	if len(pw) < MinPasswordLen || len(pw) > MaxPasswordLen {
		return fieldErrors(fieldError{"INVALID_PASSWORD",
			fmt.Sprintf("The new password must have at least %d characters (at most %d).", MinPasswordLen, MaxPasswordLen), "newPassword"})
	}
	return nil
}

// fieldError is one refused field of a form-like call: the read-error list's entry with the field it is about, so
// the web app can show the message beside the field.
type fieldError struct {
	ErrorCode string `json:"errorCode"`
	Message   string `json:"message"`
	Field     string `json:"field"`
}

// fieldErrors is a 400 listing the refused fields.
func fieldErrors(errs ...fieldError) *httpx.Error {
	return &httpx.Error{Status: http.StatusBadRequest, Code: errs[0].ErrorCode, Message: errs[0].Message, Body: errs}
}

// requireJSON refuses a body that is not application/json. Calls a guest may make without a CSRF token (no
// session yet) rely on it: a cross-site HTML form cannot send JSON, and a cross-site fetch with it needs a CORS
// preflight we never grant.
func requireJSON(r *http.Request) error {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return httpx.Errorf(http.StatusUnsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE", "The request must be application/json.")
	}
	return nil
}
