package records

import (
	"crypto/rand"
	"strings"
)

// Record ids follow Salesforce's form: a 3-character key prefix naming the object, 12 more characters, and on the
// wire a 3-character case-safe suffix that makes the id unique even to case-insensitive readers.

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// suffixAlphabet maps a 5-bit uppercase mask to one suffix character.
const suffixAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"

// DefaultRecordTypeID is the master record type every object has.
const DefaultRecordTypeID = "012000000000000AAA"

// NewID returns a fresh random 18-character id for an object with the given key prefix. The 12 characters after the
// prefix start with "SF" (our "instance") and carry 10 random base62 characters: 8e17 values, so collisions are
// not a practical concern, and the primary key would refuse one anyway.
func NewID(prefix string) string {
	var raw [10]byte
	if _, err := rand.Read(raw[:]); err != nil {
		panic("records: no randomness: " + err.Error())
	}
	var b strings.Builder
	b.WriteString(prefix)
	b.WriteString("SF")
	for _, c := range raw {
		b.WriteByte(base62[int(c)%62])
	}
	return To18(b.String())
}

// StableID returns the deterministic id number n of an object, for seeded data whose ids must not change between
// runs: the prefix, "0S" and n in base62 padded to 10 characters.
func StableID(prefix string, n int64) string {
	digits := make([]byte, 10)
	for i := 9; i >= 0; i-- {
		digits[i] = base62[n%62]
		n /= 62
	}
	return To18(prefix + "0S" + string(digits))
}

// To18 adds the case-safe suffix to a 15-character id. Any other length is returned unchanged (an 18-character id
// already has its suffix; anything else is not an id and is left for the caller to reject).
func To18(id string) string {
	if len(id) != 15 {
		return id
	}
	var suffix [3]byte
	for chunk := 0; chunk < 3; chunk++ {
		mask := 0
		for i := 0; i < 5; i++ {
			c := id[chunk*5+i]
			if c >= 'A' && c <= 'Z' {
				mask |= 1 << i
			}
		}
		suffix[chunk] = suffixAlphabet[mask]
	}
	return id + string(suffix[:])
}

// NormalizeID validates an id given as input (15 or 18 characters, base62) and returns its 18-character form.
// An 18-character id must carry the right suffix for its first 15 characters.
func NormalizeID(id string) (string, bool) {
	if len(id) != 15 && len(id) != 18 {
		return "", false
	}
	for i := 0; i < 15; i++ {
		if strings.IndexByte(base62, id[i]) < 0 {
			return "", false
		}
	}
	full := To18(id[:15])
	if len(id) == 18 && !strings.EqualFold(full, id) {
		return "", false
	}
	return full, true
}

// KeyPrefix returns the first three characters of an id.
func KeyPrefix(id string) string {
	if len(id) < 3 {
		return ""
	}
	return id[:3]
}
