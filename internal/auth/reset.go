package auth

// Forgotten passwords: POST /api/password-reset mails a one-time link, POST /api/password-reset/confirm uses it.
//
//   - No account enumeration. The request answers 202 with the same body for every well-formed email, and does the
//     lookup, the token and the mail after answering, so neither the answer nor its timing tells whether an account
//     exists. Throttling is the same for every address too.
//   - The link. {public URL}{basePath}/reset-password?token=T, where T carries 256 random bits; only its SHA-256 is
//     stored. It works once, for ResetTTL (30 minutes by default), and a newer request, a password change or a reset
//     cancels the user's earlier links. The page it opens sends no Referer (package spa), and the access log records
//     paths without query strings, so the token stays out of other sites' and our own logs.
//   - Delivery. By SMTP when configured (mail.go); otherwise the link is written to the server log at info level,
//     one line, for development and for operators who hand links out themselves.
//   - Using it sets the password, ends every session, access token and refresh token of the user (whoever had the old password is
//     out), and clears the user's sign-in counters, so the real user is not kept waiting by an attacker's failures.

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// Paths of the password recovery endpoints.
const (
	ResetPath        = "/api/password-reset"
	ResetConfirmPath = "/api/password-reset/confirm"
	// ResetPagePath is the web app's page a reset link opens, below the site base path.
	ResetPagePath = "/reset-password"
)

// DefaultResetTTL is how long a reset link works.
const DefaultResetTTL = 30 * time.Minute

// Reset request allowances: an address may ask 10 times, then once per growing delay; one email gets 3 links, then
// one per growing delay, which also keeps anyone from flooding a user's inbox.
var (
	DefaultResetAddressLimit = Throttle{Free: 10, Delay: time.Minute, MaxDelay: time.Hour}
	DefaultResetEmailLimit   = Throttle{Free: 3, Delay: 5 * time.Minute, MaxDelay: time.Hour}
)

// ResetAccepted is the one answer of a reset request.
const ResetAccepted = "If an account exists for that email, we sent a link to reset its password."

var errInvalidReset = httpx.BadRequest("INVALID_RESET_TOKEN",
	"This password reset link is invalid, has expired or was already used. Request a new one.")

func (s *Service) ResetHandler() http.Handler        { return httpx.HandlerFunc(s.requestReset) }
func (s *Service) ResetConfirmHandler() http.Handler { return httpx.HandlerFunc(s.confirmReset) }

// requestReset is POST /api/password-reset {email}.
func (s *Service) requestReset(w http.ResponseWriter, r *http.Request) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	email := strings.ToLower(strings.TrimSpace(in.Email))
	if email == "" {
		return fieldErrors(fieldError{"REQUIRED_FIELD_MISSING", "Enter your email address.", "email"})
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 254 {
		return fieldErrors(fieldError{"INVALID_EMAIL_ADDRESS", "Enter a valid email address.", "email"})
	}
	ctx := r.Context()
	_, wait, err := s.reserve(ctx, []bucket{{key: "ra:" + s.clientAddress(r), limit: s.ResetAddressLimit}})
	if err != nil {
		return err
	}
	if wait > 0 {
		w.Header().Set("Retry-After", (&limitedError{wait: wait}).retryAfter())
		return httpx.Errorf(http.StatusTooManyRequests, "REQUEST_LIMIT_EXCEEDED", "Too many password reset requests. Try again later.")
	}
	_, wait, err = s.reserve(ctx, []bucket{{key: "re:" + digest(email), limit: s.ResetEmailLimit}})
	if err != nil {
		return err
	}
	log := httpx.Logger(ctx)
	if wait > 0 {
		log.Info("password reset: too many requests for one email; no link sent")
	} else {
		origin := s.origin(r)
		// After the answer, and whatever happens: a slow mail server must not tell that the account exists.
		go s.sendReset(context.WithoutCancel(ctx), email, origin)
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusAccepted, map[string]string{"message": ResetAccepted})
	return nil
}

// origin is where reset links point: the configured public URL, or the request's own origin (fine for a link
// written to the log; with SMTP the app requires a public URL, so a forged Host header cannot redirect a mailed
// link elsewhere).
func (s *Service) origin(r *http.Request) string {
	if s.ResetOrigin != "" {
		return s.ResetOrigin
	}
	if isHTTPS(r) {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// sendReset creates a link for the active user whose username is email, if any, and delivers it.
func (s *Service) sendReset(ctx context.Context, email, origin string) {
	log := httpx.Logger(ctx)
	to, token, err := s.issueReset(ctx, email)
	if err != nil {
		log.Error("password reset: the link could not be stored", "err", err)
		return
	}
	if token == "" {
		return // no such account: nothing to send, and nothing said
	}
	// The stored email was checked when it was written; parsed again here because it goes into a mail header.
	addr, err := mail.ParseAddress(to)
	if err != nil {
		log.Error("password reset: the user's email cannot take mail", "err", err)
		return
	}
	to = addr.Address
	link := origin + s.BasePath + ResetPagePath + "?token=" + token
	if s.Mailer == nil {
		log.Info("password reset link", "to", to, "link", link)
		return
	}
	err = s.Mailer.Send(ctx, Message{To: to, Subject: "Reset your password", Body: resetMail(link, s.ResetTTL)})
	if err != nil {
		log.Error("password reset: the mail could not be sent", "to", to, "err", err)
	}
}

func resetMail(link string, ttl time.Duration) string {
	return "Someone, hopefully you, asked to reset the password of your account at our store.\n\n" +
		"To choose a new password, open this link within " + spelled(ttl) + ":\n\n" + link + "\n\n" +
		"The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n"
}

// spelled says a link's lifetime in words: "30 minutes", "1 hour".
func spelled(d time.Duration) string {
	n, unit := int(d.Round(time.Minute)/time.Minute), "minute"
	if n%60 == 0 && n > 0 {
		n, unit = n/60, "hour"
	}
	if n != 1 {
		unit += "s"
	}
	return strconv.Itoa(n) + " " + unit
}

// issueReset stores a new link for the active user signing in as email, replacing the user's earlier links, and
// returns the address to send it to and its token; empty strings when there is no such user.
func (s *Service) issueReset(ctx context.Context, email string) (to, token string, err error) {
	var userID string
	err = s.DB.QueryRow(ctx, `SELECT u.id, u.email FROM "user" u JOIN sf_credential c ON c.user_id = u.id
		WHERE u.username = ? AND u.isactive = ?`, email, true).Scan(&userID, &to)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	if err != nil {
		return "", "", err
	}
	token = newToken()
	now := s.now()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sf_password_reset WHERE user_id = ?`, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sf_password_reset (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			HashToken(token), userID, now.UnixMilli(), now.Add(s.ResetTTL).UnixMilli())
		return err
	})
	return to, token, err
}

type resetConfirm struct {
	Token       string `json:"token"`
	NewPassword string `json:"newPassword"`
}

// confirmReset is POST /api/password-reset/confirm {token, newPassword}: 204, or 400 with one message for every
// link that cannot be used.
func (s *Service) confirmReset(w http.ResponseWriter, r *http.Request) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	var in resetConfirm
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if !plausibleToken(in.Token) {
		return errInvalidReset
	}
	if err := checkNewPassword(in.NewPassword); err != nil {
		return err
	}
	ctx := r.Context()
	id := HashToken(in.Token)
	// Checked before hashing the password, so unknown tokens cost no argon2 work.
	var userID, username string
	err := s.DB.QueryRow(ctx, `SELECT r.user_id, u.username FROM sf_password_reset r JOIN "user" u ON u.id = r.user_id
		WHERE r.token_hash = ? AND r.expires_at > ? AND u.isactive = ?`, id, s.now().UnixMilli(), true).Scan(&userID, &username)
	if errors.Is(err, sql.ErrNoRows) {
		return errInvalidReset
	}
	if err != nil {
		return err
	}
	hash, err := HashPassword(in.NewPassword)
	if err != nil {
		return err
	}
	var throttled []string
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		// Taking the row is what makes the link one-time: of two uses racing, one deletes it and the other finds none.
		res, err := tx.Exec(ctx, `DELETE FROM sf_password_reset WHERE token_hash = ? AND expires_at > ?`, id, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errInvalidReset
		}
		if err := s.setPassword(ctx, tx, userID, hash, ""); err != nil {
			return err
		}
		throttled, err = s.throttleKeys(ctx, tx, userID, username)
		return err
	})
	if err != nil {
		return err
	}
	// The user's sign-in failures are forgotten once the new password is in place. Should that fail, the password
	// is still changed and the counters are forgotten FailureMemory after their last failure anyway.
	if err := s.counters().forget(ctx, throttled...); err != nil {
		httpx.Logger(ctx).Warn("password reset: clearing the sign-in counters failed", "err", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// setPassword stores a new password hash for the user, cancels the user's reset links, and ends the user's
// credentials: every refresh token, and every session and access token except keep (the session making the change,
// "" for none). Whoever had the old password, or a token obtained with it, is out. The refresh tokens go first: a
// refresh grant racing with the change then either fails or stores its session before the sessions are ended (see
// createWith).
func (s *Service) setPassword(ctx context.Context, tx *db.Tx, userID, hash, keep string) error {
	if _, err := tx.Exec(ctx, `UPDATE sf_credential SET password_hash = ?, updated_at = ? WHERE user_id = ?`,
		hash, time.Now().UnixMilli(), userID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM sf_password_reset WHERE user_id = ?`, userID); err != nil {
		return err
	}
	return endCredentials(ctx, tx, userID, keep)
}

// endCredentials ends every refresh token of the user and every session (browser or access token) but keep: the
// one place that signs a user out everywhere.
func endCredentials(ctx context.Context, tx *db.Tx, userID, keep string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM sf_refresh_token WHERE user_id = ?`, userID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM sf_session WHERE user_id = ? AND id <> ?`, userID, keep)
	return err
}

// throttleKeys are the user's own sign-in counters: the username's and those of its known sources. The counters of
// client addresses are shared with other users and are not among them.
func (s *Service) throttleKeys(ctx context.Context, tx *db.Tx, userID, username string) ([]string, error) {
	sources, err := db.Strings(ctx, tx, `SELECT source FROM sf_login_known WHERE user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	keys := []string{userBucket(username)}
	for _, source := range sources {
		keys = append(keys, "s:"+digest(userID+"\x00"+source))
	}
	return keys, nil
}
