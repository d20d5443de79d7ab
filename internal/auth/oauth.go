package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// The OAuth 2.0 token endpoint (password and refresh_token grants) and token revocation, in Salesforce's wire
// format: form-encoded requests, {"error": ..., "error_description": ...} failures.

// RevokePath is the revocation endpoint.
const RevokePath = "/services/oauth2/revoke"

// RevokeHandler is POST /services/oauth2/revoke, for the routing table.
func (s *Service) RevokeHandler() http.Handler { return httpx.HandlerFunc(s.revoke) }

// tokenResponse is the token endpoint's answer, fields in Salesforce's order.
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token,omitempty"`
	Signature    string `json:"signature"`
	Scope        string `json:"scope,omitempty"`
	InstanceURL  string `json:"instance_url"`
	ID           string `json:"id"`
	TokenType    string `json:"token_type"`
	IssuedAt     string `json:"issued_at"`
}

type oauthError struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// The failures a client can act on, worded as Salesforce words them.
var (
	errInvalidClient = oauthFail(http.StatusBadRequest, "invalid_client", "invalid client credentials")
	errUnknownClient = oauthFail(http.StatusBadRequest, "invalid_client_id", "client identifier invalid")
	errExpiredGrant  = oauthFail(http.StatusBadRequest, "invalid_grant", "expired access/refresh token")
)

// clientScope is the scope of tokens issued to a registered client: the API and refreshing.
const clientScope = "refresh_token api"

// token is POST /services/oauth2/token.
func (s *Service) token(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, httpx.MaxBody)
	if err := r.ParseForm(); err != nil {
		return oauthFail(http.StatusBadRequest, "invalid_request", "the request body is not a valid form")
	}
	switch r.PostForm.Get("grant_type") {
	case "password":
		return s.passwordGrant(w, r)
	case "refresh_token":
		return s.refreshGrant(w, r)
	}
	return oauthFail(http.StatusBadRequest, "unsupported_grant_type", "grant type not supported")
}

// passwordGrant is the username-password flow. A registered client must present its secret, and then also gets a
// refresh token. A client_id that is not registered is ignored, as before clients could be registered, so scripts
// written against the earlier form keep working (they get no refresh token).
func (s *Service) passwordGrant(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	clientID, secret := r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	hash, err := s.clientSecretHash(ctx, clientID)
	if err != nil {
		return err
	}
	if hash != "" && !secretMatches(hash, secret) { // checked before the password: no throttle counter is spent
		return errInvalidClient
	}
	username, password := r.PostForm.Get("username"), r.PostForm.Get("password")
	if strings.TrimSpace(username) == "" || password == "" {
		return oauthFail(http.StatusBadRequest, "invalid_grant", "authentication failure")
	}
	// No device cookie for API clients: they are known by their address.
	userID, _, err := s.authenticate(ctx, r, username, password, false)
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
	refresh := ""
	if hash != "" {
		if refresh, err = s.issueRefreshToken(ctx, clientID, userID); err != nil {
			return err
		}
	}
	registered, refreshID := "", ""
	if hash != "" {
		registered, refreshID = clientID, HashToken(refresh)
	}
	return s.writeToken(w, r, userID, refresh, refreshID, secret, registered)
}

// refreshGrant trades a refresh token for a new access token. The token must belong to the presented client; the
// secret, when sent, must be the client's.
func (s *Service) refreshGrant(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	refresh, clientID, secret := r.PostForm.Get("refresh_token"), r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	if !plausibleToken(refresh) {
		return errExpiredGrant
	}
	var owner, userID string
	err := s.DB.QueryRow(ctx, `SELECT t.client_id, t.user_id FROM sf_refresh_token t JOIN "user" u ON u.id = t.user_id
		WHERE t.id = ? AND u.isactive = ?`, HashToken(refresh), true).Scan(&owner, &userID)
	if errors.Is(err, sql.ErrNoRows) { // revoked, its client deleted, or its user deactivated
		return errExpiredGrant
	}
	if err != nil {
		return err
	}
	if clientID != owner {
		return errUnknownClient
	}
	if secret != "" {
		hash, err := s.clientSecretHash(ctx, owner)
		if err != nil {
			return err
		}
		if hash == "" || !secretMatches(hash, secret) {
			return errInvalidClient
		}
	}
	return s.writeToken(w, r, userID, "", HashToken(refresh), secret, owner)
}

// issueRefreshToken stores a new refresh token for a client's user and returns it.
func (s *Service) issueRefreshToken(ctx context.Context, clientID, userID string) (string, error) {
	token := newToken()
	_, err := s.DB.Exec(ctx, `INSERT INTO sf_refresh_token (id, client_id, user_id, created_at) VALUES (?, ?, ?, ?)`,
		HashToken(token), clientID, userID, time.Now().UnixMilli())
	return token, err
}

// writeToken opens an API session for the user, issued to the registered client clientID ("" for none) with or from
// the refresh token whose id is refreshID ("" for none), and answers the token response (refresh, when not "", is
// the refresh token to hand out). The signature is Salesforce's: HMAC-SHA256 of id + issued_at keyed with the client
// secret, so clients that verify it can.
func (s *Service) writeToken(w http.ResponseWriter, r *http.Request, userID, refresh, refreshID, secret, clientID string) error {
	ctx := r.Context()
	org, err := s.OrgID(ctx)
	if err != nil {
		return err
	}
	is, err := s.createAPI(ctx, userID, clientID, refreshID)
	if err != nil {
		return err
	}
	out := tokenResponse{AccessToken: is.token, RefreshToken: refresh, InstanceURL: s.PublicURL,
		ID: s.identityURL(org, userID), TokenType: "Bearer", IssuedAt: strconv.FormatInt(time.Now().UnixMilli(), 10)}
	if clientID != "" {
		out.Scope = clientScope
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(out.ID + out.IssuedAt))
	out.Signature = base64.StdEncoding.EncodeToString(mac.Sum(nil))
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// revoke is POST /services/oauth2/revoke: it ends the access token's session, or deletes the refresh token named by
// the token parameter and ends every access token issued with or refreshed from it (as Salesforce does). 200 with an
// empty body, or 400 when the token is not one we know. The refresh token goes first, in one transaction with its
// sessions: a refresh grant racing with it either waits for it and fails, or stores its session before the sessions
// are ended (see createWith).
func (s *Service) revoke(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, httpx.MaxBody)
	if err := r.ParseForm(); err != nil {
		return oauthFail(http.StatusBadRequest, "invalid_request", "the request body is not a valid form")
	}
	token := r.Form.Get("token")
	if !plausibleSession(token) {
		return oauthFail(http.StatusBadRequest, "unsupported_token_type", "this token type is not supported")
	}
	id := HashToken(token)
	var revoked int64
	err := s.DB.InTx(r.Context(), func(tx *db.Tx) error {
		ctx := r.Context()
		res, err := tx.Exec(ctx, `DELETE FROM sf_refresh_token WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if revoked, err = res.RowsAffected(); err != nil {
			return err
		}
		q := `DELETE FROM sf_session WHERE id = ? AND user_id IS NOT NULL`
		if revoked > 0 {
			q = `DELETE FROM sf_session WHERE refresh_id = ?`
		}
		res, err = tx.Exec(ctx, q, id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		revoked += n
		return err
	})
	if err != nil {
		return err
	}
	if revoked == 0 {
		return oauthFail(http.StatusBadRequest, "unsupported_token_type", "this token type is not supported")
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	return nil
}

func oauthFail(status int, code, description string) *httpx.Error {
	return &httpx.Error{Status: status, Code: code, Message: description,
		Body: oauthError{Error: code, Description: description}}
}
