package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net"
	"net/http"
	"strings"
	"time"
)

func nowMillis() int64 { return time.Now().UnixMilli() }

// hit counts one attempt in a fixed-window counter shared through the database and returns how long the caller
// must wait when the count is over limit (0 when under). The upsert is atomic, so concurrent attempts on several
// instances cannot slip past the limit.
func (s *Service) hit(ctx context.Context, bucket string, limit int) (time.Duration, error) {
	now := nowMillis()
	stale := now - s.LimitWindow.Milliseconds()
	var attempts, windowStart int64
	// A write that returns a row: it goes to the writer pool, not QueryRow's reader pool.
	err := s.DB.W.QueryRowContext(ctx, s.DB.Rebind(`INSERT INTO sf_login_attempt (bucket, window_start, attempts) VALUES (?, ?, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			attempts = CASE WHEN sf_login_attempt.window_start <= ? THEN 1 ELSE sf_login_attempt.attempts + 1 END,
			window_start = CASE WHEN sf_login_attempt.window_start <= ? THEN excluded.window_start
				ELSE sf_login_attempt.window_start END
		RETURNING attempts, window_start`), bucket, now, stale, stale).Scan(&attempts, &windowStart)
	if err != nil {
		return 0, err
	}
	if attempts <= int64(limit) {
		return 0, nil
	}
	wait := time.Duration(windowStart+s.LimitWindow.Milliseconds()-now) * time.Millisecond
	return max(wait, time.Second), nil
}

// reset forgets a counter (a successful login clears its username's failures).
func (s *Service) reset(ctx context.Context, bucket string) error {
	_, err := s.DB.Exec(ctx, `DELETE FROM sf_login_attempt WHERE bucket = ?`, bucket)
	return err
}

// refund takes back one attempt from a counter.
func (s *Service) refund(ctx context.Context, bucket string) error {
	_, err := s.DB.Exec(ctx, `UPDATE sf_login_attempt SET attempts = attempts - 1 WHERE bucket = ? AND attempts > 0`, bucket)
	return err
}

// userBucket keys a username's counter by its hash, so arbitrary input is stored at a fixed size.
func userBucket(username string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(username))))
	return "u:" + hex.EncodeToString(sum[:])
}

// addressBucket keys a client address's counter. It is the TCP peer address: X-Forwarded-For is not trusted,
// because without a configured proxy any client could set it to dodge the limit.
func addressBucket(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return "a:" + host
}
