package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"storefront/internal/identity"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// Cookie names. sf_sid holds the session token (HttpOnly); sf_csrf holds the session's CSRF token, readable by
// the SPA, which echoes it in X-CSRF-Token.
const (
	SessionCookie = "sf_sid"
	CSRFCookie    = "sf_csrf"
	CSRFHeader    = "X-CSRF-Token"
)

// session is a live session row joined with its user.
type session struct {
	principal identity.Principal
	csrf      string
	lastSeen  int64
	expiresAt int64
}

// issued is a freshly created session: the secrets go to the client, only the hash stays on the server.
type issued struct {
	token, csrf, id string
	expiresAt       time.Time
}

// lookup finds the live session of a token: from memory (sessionsOf) or in one indexed query (the session row
// joined with its user). It returns nil, without error, when the token is unknown, expired or belongs to an
// inactive user.
func (s *Service) lookup(ctx context.Context, token string) (*session, error) {
	if !plausibleSession(token) {
		return nil, nil
	}
	id := HashToken(token)
	cache := sessionsOf(s.DB)
	load := func(ctx context.Context) (*storedSession, error) { return s.load(ctx, id) }
	stored, err := cache.Get(ctx, id, load)
	now := time.Now().UnixMilli()
	if err == nil && now-stored.loadedAt >= sessionMemory.Milliseconds() {
		cache.Forget(id)
		stored, err = cache.Get(ctx, id, load)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	ses := stored.session // a copy: the stored one is shared
	if now >= ses.expiresAt || now-ses.lastSeen >= s.IdleTimeout.Milliseconds() || !stored.active {
		return nil, nil
	}
	if s.refresh(ctx, &ses, now) {
		cache.Forget(id) // its last-seen time moved; the next request reads it again
	}
	return &ses, nil
}

// storedSession is a session row as lookup keeps it in memory.
type storedSession struct {
	session
	active   bool  // a guest's session, or a signed-in user who is active
	loadedAt int64 // epoch ms
}

// sessionMemory bounds how long a session is answered from memory. Ending a session, or a change to its user,
// reaches every instance's memory through the Sessions version at once; this only bounds how stale a session
// can be should a change bypass the version triggers.
const sessionMemory = 30 * time.Second

// sessionsOf is d's cache of live sessions by id (the token's hash).
func sessionsOf(d *db.DB) *db.Cache[string, *storedSession] {
	return db.Shared(d, &sessionsKey, func() *db.Cache[string, *storedSession] {
		return db.NewCache[string, *storedSession](d, "sessions", db.Sessions, 100_000)
	})
}

var sessionsKey int

// load reads a session row joined with its user; sql.ErrNoRows when there is none.
func (s *Service) load(ctx context.Context, id string) (*storedSession, error) {
	var (
		userID, prior, userType, accountID, contactID, clientID sql.NullString
		active                                                  sql.NullBool
		out                                                     = storedSession{loadedAt: time.Now().UnixMilli()}
	)
	err := s.DB.QueryRow(ctx, `SELECT s.user_id, s.csrf_token, s.last_seen_at, s.expires_at, s.prior_guest_id,
		s.client_id, u.usertype, u.accountid, u.contactid, u.isactive
		FROM sf_session s LEFT JOIN "user" u ON u.id = s.user_id WHERE s.id = ?`, id).Scan(
		&userID, &out.csrf, &out.lastSeen, &out.expiresAt, &prior, &clientID, &userType, &accountID, &contactID, &active)
	if err != nil {
		return nil, err
	}
	// A user deactivated or deleted since sign-in has no live session.
	out.active = !userID.Valid || (active.Valid && active.Bool)
	out.principal = identity.Principal{SessionID: id, UserID: userID.String, Guest: !userID.Valid,
		Staff: userType.String == UserTypeStaff, AccountID: accountID.String, ContactID: contactID.String,
		PriorGuestSessionID: prior.String, ClientID: clientID.String}
	return &out, nil
}

// refresh slides the idle expiry, writing at most once per RefreshEvery so that reads stay read-only. It reports
// whether it wrote.
func (s *Service) refresh(ctx context.Context, ses *session, now int64) bool {
	if now-ses.lastSeen < s.RefreshEvery.Milliseconds() {
		return false
	}
	if _, err := s.DB.Exec(ctx, `UPDATE sf_session SET last_seen_at = ? WHERE id = ?`, now, ses.principal.SessionID); err != nil {
		httpx.Logger(ctx).Warn("auth: session refresh failed", "err", err)
		return false
	}
	ses.lastSeen = now
	return true
}

// create stores a new session for userID ("" for a guest) and deletes replaced (the caller's previous session, if
// any) in the same transaction, so a login always rotates the session id.
func (s *Service) create(ctx context.Context, userID, priorGuest, replaced string) (issued, error) {
	return s.createWith(ctx, newToken(), userID, priorGuest, replaced, "", "")
}

// createAPI opens an API session (an OAuth access token, a SOAP session id) for userID, issued to clientID ("" for
// none) with or from the refresh token whose id is refreshID ("" for none), its token in Salesforce's
// "<org id>!<opaque>" form.
func (s *Service) createAPI(ctx context.Context, userID, clientID, refreshID string) (issued, error) {
	org, err := s.OrgID(ctx)
	if err != nil {
		return issued{}, err
	}
	return s.createWith(ctx, newAPIToken(org), userID, "", "", clientID, refreshID)
}

// createWith stores a session whose token is token. Revoking the refresh token refreshID names ends the session;
// should it be gone by the time the session is stored, the grant fails: the row is locked first, so a revocation or
// password change racing with the grant either ends the new session too or makes the grant fail.
func (s *Service) createWith(ctx context.Context, token, userID, priorGuest, replaced, clientID, refreshID string) (issued, error) {
	now := time.Now()
	out := issued{token: token, csrf: newToken(), expiresAt: now.Add(s.AbsoluteTimeout)}
	out.id = HashToken(out.token)
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if replaced != "" {
			if _, err := tx.Exec(ctx, `DELETE FROM sf_session WHERE id = ?`, replaced); err != nil {
				return err
			}
		}
		if refreshID != "" {
			res, err := tx.Exec(ctx, `UPDATE sf_refresh_token SET id = id WHERE id = ?`, refreshID)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				return errExpiredGrant
			}
		}
		_, err := tx.Exec(ctx, `INSERT INTO sf_session (id, user_id, csrf_token, created_at, last_seen_at, expires_at,
			prior_guest_id, client_id, refresh_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, out.id, nullable(userID), out.csrf,
			now.UnixMilli(), now.UnixMilli(), out.expiresAt.UnixMilli(), nullable(priorGuest), nullable(clientID), nullable(refreshID))
		return err
	})
	if err == nil {
		s.maybeSweep(ctx)
	}
	return out, err
}

// destroy deletes a session.
func (s *Service) destroy(ctx context.Context, id string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM sf_session WHERE id = ?`, id)
	return err
}

// setCookies gives the browser the session and its CSRF token. Both live as long as the session's absolute
// lifetime; the server enforces the idle timeout.
func setCookies(w http.ResponseWriter, r *http.Request, is issued) {
	maxAge := int(time.Until(is.expiresAt).Seconds())
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: is.token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: isHTTPS(r), SameSite: http.SameSiteLaxMode})
	setCSRFCookie(w, r, is.csrf, maxAge)
}

func setCSRFCookie(w http.ResponseWriter, r *http.Request, csrf string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: CSRFCookie, Value: csrf, Path: "/", MaxAge: maxAge,
		Secure: isHTTPS(r), SameSite: http.SameSiteLaxMode})
}

// clearCookies tells the browser to drop both cookies.
func clearCookies(w http.ResponseWriter, r *http.Request) {
	for _, name := range []string{SessionCookie, CSRFCookie} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1,
			HttpOnly: name == SessionCookie, Secure: isHTTPS(r), SameSite: http.SameSiteLaxMode})
	}
}

// isHTTPS reports whether the client reached us over TLS, directly or through a proxy that says so.
func isHTTPS(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// EnsureSession gives a guest without a session one, setting its cookies, and returns the request's principal with
// its SessionID filled in. Call it before storing anything that belongs to the visitor (a guest cart). Guest
// sessions are created here, lazily, rather than on every cookieless request, so crawlers that never send a cookie
// back do not write a session row per request.
func EnsureSession(w http.ResponseWriter, r *http.Request) (*identity.Principal, error) {
	p := identity.FromContext(r.Context())
	if p.SessionID != "" {
		return p, nil
	}
	s, ok := r.Context().Value(serviceKey{}).(*Service)
	if !ok {
		return nil, errors.New("auth: EnsureSession called outside auth.Middleware")
	}
	is, err := s.create(r.Context(), "", "", "")
	if err != nil {
		return nil, err
	}
	setCookies(w, r, is)
	p.SessionID = is.id // the context holds this same pointer: later readers see the session
	return p, nil
}
