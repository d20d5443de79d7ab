package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// newToken returns 32 random bytes in unpadded base64url: a session token, a bearer token or a CSRF token.
func newToken() string {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		panic("auth: no randomness: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(raw[:])
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
