package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// newToken returns 32 random bytes in unpadded base64url: a session token, a bearer token or a CSRF token.
func newToken() string {
	return base64.RawURLEncoding.EncodeToString(randomBytes())
}

func randomBytes() []byte {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		panic("auth: no randomness: " + err.Error())
	}
	return raw[:]
}

// apiTokenEncoding is unpadded base64 whose last two characters are '.' and '_': the characters of the opaque part
// of Salesforce's session ids, the only ones the Salesforce CLI accepts after the '!'.
var apiTokenEncoding = base64.NewEncoding("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._").WithPadding(base64.NoPadding)

// newAPIToken returns an access token (OAuth) or session id (SOAP login) in Salesforce's form, "<org id>!<opaque>"
// with the 15-character organization id: the Salesforce CLI refuses any other form before it sends a request, and
// clients read the organization from it. The whole string is the secret the session is stored under (HashToken).
func newAPIToken(org string) string {
	return org[:15] + "!" + apiTokenEncoding.EncodeToString(randomBytes())
}

// HashToken is the key a session is stored under: the SHA-256 of its token, in hex. Only the client holds the
// token itself. A plain hash (no salt, no stretching) is enough because tokens carry 256 random bits.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// plausibleToken rejects values that cannot be one of our tokens before any database work.
func plausibleToken(token string) bool {
	if len(token) != 43 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil
}

// plausibleSession is plausibleToken for a session's token: the cookie's, or an API client's in either form, the
// "<org id>!<opaque>" one issued now or the bare one issued before (still valid until its session ends, so no
// stored session needs migrating).
func plausibleSession(token string) bool {
	org, opaque, ok := strings.Cut(token, "!")
	if !ok {
		return plausibleToken(token)
	}
	if len(org) != 15 || !strings.HasPrefix(org, "00D") || len(opaque) != 43 {
		return false
	}
	_, err := apiTokenEncoding.DecodeString(opaque)
	return err == nil
}
