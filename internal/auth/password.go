package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's second recommended set (19 MiB, 2 passes, 1 lane). Memory is the cost that matters
// for a login endpoint under load, so it is kept modest; the parameters travel in each hash, so they can be raised
// later without invalidating stored hashes.
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
	// maxArgonMemoryKiB bounds what a stored hash may ask for, so a corrupt row cannot exhaust memory.
	maxArgonMemoryKiB = 1 << 20
)

// MaxPasswordLen bounds passwords so a huge body cannot make hashing expensive.
const MaxPasswordLen = 1024

var errBadHash = errors.New("auth: malformed password hash")

// HashPassword returns the argon2id hash of password in PHC string form:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (salt and hash in unpadded standard base64).
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime,
		argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches the PHC-encoded hash, comparing in constant time. A malformed
// hash is an error, never a match.
func VerifyPassword(encoded, password string) (bool, error) {
	p, err := parsePHC(encoded)
	if err != nil {
		return false, err
	}
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(key, p.key) == 1, nil
}

type phcParams struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

func parsePHC(encoded string) (phcParams, error) {
	var p phcParams
	parts := strings.Split(encoded, "$")
	// "", "argon2id", "v=19", "m=...,t=...,p=...", salt, hash
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, errBadHash
	}
	var threads uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &threads); err != nil {
		return p, errBadHash
	}
	if p.memory == 0 || p.memory > maxArgonMemoryKiB || p.time == 0 || p.time > 64 || threads == 0 || threads > 255 {
		return p, errBadHash
	}
	p.threads = uint8(threads)
	var err error
	if p.salt, err = base64.RawStdEncoding.DecodeString(parts[4]); err != nil || len(p.salt) < 8 {
		return p, errBadHash
	}
	if p.key, err = base64.RawStdEncoding.DecodeString(parts[5]); err != nil || len(p.key) < 16 {
		return p, errBadHash
	}
	return p, nil
}

// dummyHash is hashed against when the user is unknown or inactive, so those answers take as long as a wrong
// password and the response time does not reveal which usernames exist.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("no such user: timing equaliser")
	if err != nil {
		panic("auth: no randomness: " + err.Error())
	}
	return h
})
