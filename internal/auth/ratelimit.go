package auth

// Sign-in throttling: the one policy behind POST /api/auth/login and the OAuth password grant.
//
// Goals: slow online guessing of one account from many addresses, slow one address guessing many accounts, and
// never let anyone lock the real user out (OWASP Authentication Cheat Sheet; NIST SP 800-63B 5.2.2: rate limiting,
// at most 100 consecutive failures per account, known devices, delays rather than hard lockout).
//
//  1. Where an attempt comes from. The client address is the TCP peer, or, when the peer is a configured trusted
//     proxy (--trusted-proxies), the nearest address in X-Forwarded-For that is not one (clientaddr.go); IPv6
//     addresses count by /64, what one subscriber gets. A source is known for a user when the user signed in
//     successfully from it within KnownFor (180 days): the browser's sf_device cookie, which a successful web
//     sign-in sets, or the client address, which serves API clients too.
//  2. Which counters an attempt meets. From a known source, only that source's own counter for the user
//     (KnownLimit: 10 free failures). From anywhere else, both the username's counter of failures from unknown
//     sources (AccountLimit: 5 free) and the address's counter of failures on usernames it is unknown for
//     (AddressLimit: 20 free). Usernames that do not exist have counters like any other and no known sources, so
//     throttling tells nothing about which usernames exist.
//  3. Delays, not lockout. Past its free failures a counter makes each attempt wait Delay (30 s) after the last
//     failure, doubling with each further failure up to MaxDelay (15 min). The account and known-source counters
//     stop at Ceiling (100) consecutive failures and then refuse until forgotten. A counter is forgotten
//     FailureMemory (24 h) after its last failure. A refused attempt is answered 429 with Retry-After before its
//     password is checked and is not counted: waiting it out is all that helps, and hammering learns nothing.
//  4. Counted exactly. An attempt takes its place on its counters in one atomic step before its password is checked
//     (a transaction in the database, or WATCH/MULTI in Redis with --redis: counters.go), so parallel guesses, on
//     one instance or several sharing the store, cannot slip past a limit. A success gives the address counter its
//     place back (so an office signing in all day costs its address nothing), clears the counter it was judged by
//     (its run of consecutive failures is over) and remembers its address, and its browser, as known sources.
//
// What that buys: an attacker guessing one account from a botnet gets 5 guesses, then one per growing delay, at
// most 100 before a day's rest; one address spraying many usernames gets 20, then the same ramp. Neither touches
// the counters of the user's known browsers and addresses, so the user's own sign-ins go through whatever an
// attacker elsewhere does. Behind a shared office address, users known there sign in whatever the address's counter
// says, and a colleague signing in there for the first time waits out the address's delay, never a lockout. The
// limits: an attacker can delay sign-ins from a source the user has never used (a new laptop, a new user's first
// sign-in) by keeping the account's unknown-source counter busy, and someone behind the user's own known address
// can delay the user's cookie-less clients (API scripts) there, which share that address's counter; a browser has
// its own.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// Throttle is one kind of counter's allowance.
type Throttle struct {
	Free     int           // consecutive failures allowed without waiting
	Delay    time.Duration // the wait after the first failure past Free; it doubles with each further failure
	MaxDelay time.Duration // where the doubling stops
	Ceiling  int           // consecutive failures after which the counter refuses until it is forgotten; 0: none
}

// Default allowances (see the policy above).
var (
	DefaultAccountLimit = Throttle{Free: 5, Delay: 30 * time.Second, MaxDelay: 15 * time.Minute, Ceiling: 100}
	DefaultAddressLimit = Throttle{Free: 20, Delay: 30 * time.Second, MaxDelay: 15 * time.Minute}
	DefaultKnownLimit   = Throttle{Free: 10, Delay: 30 * time.Second, MaxDelay: 15 * time.Minute, Ceiling: 100}
)

// wait is how long an attempt must still wait on a counter holding failures, the last at lastAt (ms), at now (ms).
func (t Throttle) wait(failures, lastAt, now int64, memory time.Duration) time.Duration {
	if failures < int64(t.Free) {
		return 0
	}
	var d time.Duration
	if t.Ceiling > 0 && failures >= int64(t.Ceiling) {
		d = memory
	} else {
		d = t.Delay
		for n := failures - int64(t.Free); n > 0 && d < t.MaxDelay; n-- {
			d *= 2
		}
		d = min(d, t.MaxDelay)
	}
	return max(time.Duration(lastAt-now)*time.Millisecond+d, 0)
}

// bucket is one counter an attempt meets.
type bucket struct {
	key      string
	limit    Throttle
	giveBack bool // a success gives its place back (the address counter) instead of clearing the counter
}

// buckets are the counters of an attempt on username from addr; known is the source ("d:..." or "a:...") the user
// is known by there, "" when none.
func (s *Service) buckets(username, userID, known, addr string) []bucket {
	if known != "" {
		return []bucket{{key: "s:" + digest(userID+"\x00"+known), limit: s.KnownLimit}}
	}
	return []bucket{{key: userBucket(username), limit: s.AccountLimit}, {key: "a:" + addr, limit: s.AddressLimit, giveBack: true}}
}

// userBucket keys a username's counter by its hash, so arbitrary input is stored at a fixed size.
func userBucket(username string) string {
	return "u:" + digest(strings.ToLower(strings.TrimSpace(username)))
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// reservation is an attempt's place on its counters, taken before its password is checked.
type reservation struct {
	buckets []bucket
	at      int64   // when the places were taken (ms)
	prevAt  []int64 // each counter's last failure before this attempt, restored when the place is given back
}

// reserve counts an attempt on every one of its counters, or on none and returns how long to wait when any counter
// refuses it, atomically in the counter store, so concurrent attempts are counted one after another.
func (s *Service) reserve(ctx context.Context, bs []bucket) (*reservation, time.Duration, error) {
	sort.Slice(bs, func(i, j int) bool { return bs[i].key < bs[j].key })
	res := &reservation{buckets: bs, at: s.now().UnixMilli(), prevAt: make([]int64, len(bs))}
	keys := make([]string, len(bs))
	for i, b := range bs {
		keys[i] = b.key
	}
	var wait time.Duration
	err := s.counters().update(ctx, keys, func(stored []counter) ([]counter, bool) {
		wait = 0
		next := make([]counter, len(bs))
		for i, b := range bs {
			failures, lastAt := stored[i].failures, stored[i].lastAt
			if res.at-lastAt >= s.FailureMemory.Milliseconds() {
				failures = 0 // forgotten
			}
			wait = max(wait, b.limit.wait(failures, lastAt, res.at, s.FailureMemory))
			next[i], res.prevAt[i] = counter{failures: failures + 1, lastAt: res.at}, lastAt
		}
		return next, wait == 0
	})
	if err != nil {
		return nil, 0, err
	}
	if wait > 0 {
		return nil, max(wait, time.Second), nil
	}
	return res, 0, nil
}

// succeeded settles a reservation whose password was right and records sources as known for the user. The address
// counter gets its place back (and its last failure's time, unless a later attempt has moved it); the counter the
// attempt was judged by is cleared.
func (s *Service) succeeded(ctx context.Context, res *reservation, userID string, sources []string) error {
	store := s.counters()
	for i, b := range res.buckets {
		var err error
		if b.giveBack {
			err = store.giveBack(ctx, b.key, res.at, res.prevAt[i])
		} else {
			err = store.forget(ctx, b.key)
		}
		if err != nil {
			return err
		}
	}
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, source := range sources {
			if _, err := tx.Exec(ctx, `INSERT INTO sf_login_known (user_id, source, last_success_at) VALUES (?, ?, ?)
				ON CONFLICT (user_id, source) DO UPDATE SET last_success_at = excluded.last_success_at`,
				userID, source, res.at); err != nil {
				return err
			}
		}
		return nil
	})
}
