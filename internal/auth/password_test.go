package auth

import (
	"encoding/base64"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"
)

func TestHashPasswordRoundTrip(t *testing.T) {
	h, err := HashPassword("demo1234")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not PHC argon2id with the expected parameters", h)
	}
	if ok, err := VerifyPassword(h, "demo1234"); err != nil || !ok {
		t.Fatalf("right password: ok=%v err=%v", ok, err)
	}
	for _, wrong := range []string{"demo1235", "Demo1234", "", "demo1234 "} {
		if ok, err := VerifyPassword(h, wrong); err != nil || ok {
			t.Errorf("wrong password %q: ok=%v err=%v", wrong, ok, err)
		}
	}
}

func TestHashPasswordSaltsEachHash(t *testing.T) {
	a, _ := HashPassword("same")
	b, _ := HashPassword("same")
	if a == b {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
}

func TestVerifyPasswordHonoursStoredParameters(t *testing.T) {
	// A hash made with other parameters (m=8 KiB, t=1) still verifies: the parameters travel in the string, so
	// the defaults can be raised without invalidating stored hashes.
	salt := []byte("saltsaltsaltsalt")
	key := argon2.IDKey([]byte("pw"), salt, 1, 8, 1, 32)
	b64 := base64.RawStdEncoding
	h := "$argon2id$v=19$m=8,t=1,p=1$" + b64.EncodeToString(salt) + "$" + b64.EncodeToString(key)
	if ok, err := VerifyPassword(h, "pw"); err != nil || !ok {
		t.Fatalf("right password: ok=%v err=%v", ok, err)
	}
	if ok, _ := VerifyPassword(h, "pW"); ok {
		t.Fatal("wrong password matched")
	}
}

func TestVerifyPasswordRejectsMalformedHashes(t *testing.T) {
	good, _ := HashPassword("x")
	parts := strings.Split(good, "$")
	for name, h := range map[string]string{
		"empty":          "",
		"bcrypt":         "$2a$10$abcdefghijklmnopqrstuuJ6S3fZ1Zq4S3fZ1Zq4S3fZ1Zq4S3fZ1",
		"argon2i":        strings.Replace(good, "argon2id", "argon2i", 1),
		"old version":    strings.Replace(good, "v=19", "v=16", 1),
		"huge memory":    strings.Replace(good, "m=19456", "m=99999999", 1),
		"zero time":      strings.Replace(good, "t=2", "t=0", 1),
		"bad salt":       strings.Join([]string{"", parts[1], parts[2], parts[3], "!!!", parts[5]}, "$"),
		"short key":      strings.Join([]string{"", parts[1], parts[2], parts[3], parts[4], "AAAA"}, "$"),
		"missing fields": "$argon2id$v=19$m=8,t=1,p=1",
	} {
		if ok, err := VerifyPassword(h, "x"); err == nil || ok {
			t.Errorf("%s: ok=%v err=%v, want an error", name, ok, err)
		}
	}
}

func TestTokens(t *testing.T) {
	a, b := newToken(), newToken()
	if a == b || len(a) != 43 || !plausibleToken(a) {
		t.Fatalf("tokens %q %q: want distinct 43-character base64url", a, b)
	}
	// SHA-256("abc"), the FIPS 180-2 test vector.
	if got := HashToken("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("HashToken(abc) = %s", got)
	}
	for _, bad := range []string{"", "short", strings.Repeat("a", 44), strings.Repeat("+", 43)} {
		if plausibleToken(bad) {
			t.Errorf("plausibleToken(%q) = true", bad)
		}
	}
}

func BenchmarkVerifyPassword(b *testing.B) {
	h, _ := HashPassword("demo1234")
	for b.Loop() {
		_, _ = VerifyPassword(h, "demo1234")
	}
}
