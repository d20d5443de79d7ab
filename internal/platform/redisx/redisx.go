// Package redisx is Storefront's Redis connection (--redis): what several instances on one database share beyond
// it, namely the cache invalidation channel (Publish, Subscribe) and, through Redis, the sign-in counters
// (package auth).
package redisx

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/redis/go-redis/v9"
)

// Client is an open Redis connection pool.
type Client struct {
	rdb *redis.Client
	log *slog.Logger
}

// openTimeout bounds the ping at Open: a server that does not answer in this long stops the start.
const openTimeout = 5 * time.Second

// Open connects to the Redis server at rawURL (redis://[user:password@]host:port/db or rediss://... for TLS) and
// pings it, so a wrong address fails at start rather than at the first sign-in. log receives the subscription's
// reconnects; nil: slog.Default().
func Open(ctx context.Context, rawURL string, log *slog.Logger) (*Client, error) {
	opts, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("redis URL %s: %w", redact(rawURL), err)
	}
	if log == nil {
		log = slog.Default()
	}
	redis.SetLogger(slogPrinter{log}) // go-redis's own notes (failed dials) join the server's JSON log
	rdb := redis.NewClient(opts)
	pingCtx, cancel := context.WithTimeout(ctx, openTimeout)
	defer cancel()
	if err := rdb.Ping(pingCtx).Err(); err != nil {
		rdb.Close()
		return nil, fmt.Errorf("redis at %s does not answer: %w", redact(rawURL), err)
	}
	return &Client{rdb: rdb, log: log}, nil
}

// slogPrinter writes go-redis's log lines as warnings.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Printf(ctx context.Context, format string, v ...any) {
	p.log.WarnContext(ctx, fmt.Sprintf(format, v...)) // go-redis starts its lines with "redis:"
}

// redact hides a URL's password, for error messages and logs.
func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// Close releases the connections.
func (c *Client) Close() error { return c.rdb.Close() }

// Redis is the underlying go-redis client, for stores that need more than publish and subscribe (auth's counters).
func (c *Client) Redis() *redis.Client { return c.rdb }

// Ping checks that the server answers.
func (c *Client) Ping(ctx context.Context) error { return c.rdb.Ping(ctx).Err() }

// Publish sends payload to every current subscriber of channel, on every instance.
func (c *Client) Publish(ctx context.Context, channel, payload string) error {
	return c.rdb.Publish(ctx, channel, payload).Err()
}

// Subscribe calls fn with each message published on channel until ctx ends, resubscribing after a dropped
// connection. Messages published while the subscription is down are lost: a subscriber that must not miss one
// uses SubscribeFrom and resynchronises when told the subscription is back.
func (c *Client) Subscribe(ctx context.Context, channel string, fn func(payload string)) {
	c.SubscribeFrom(ctx, channel, fn, nil)
}

// Backoff between resubscription attempts: it doubles from minBackoff to maxBackoff while the server stays away and
// starts over once a subscription is confirmed.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
)

// SubscribeFrom is Subscribe that calls subscribed (when not nil) each time the subscription is confirmed: at
// first, and again after every reconnection, when anything published during the gap has been missed.
func (c *Client) SubscribeFrom(ctx context.Context, channel string, fn func(payload string), subscribed func()) {
	backoff := minBackoff
	for ctx.Err() == nil {
		err := c.listen(ctx, channel, fn, subscribed, func() { backoff = minBackoff })
		if ctx.Err() != nil {
			return
		}
		c.log.Warn("redis: subscription lost; resubscribing", "channel", channel, "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// listen runs one subscription until its connection fails or ctx ends.
func (c *Client) listen(ctx context.Context, channel string, fn func(string), subscribed, confirmed func()) error {
	ps := c.rdb.Subscribe(ctx, channel)
	defer ps.Close()
	// A blocked read does not watch ctx; closing the subscription ends it.
	defer context.AfterFunc(ctx, func() { ps.Close() })()
	// The first reply confirms the subscription: from here on no message is missed.
	if _, err := ps.Receive(ctx); err != nil {
		return err
	}
	confirmed()
	if subscribed != nil {
		subscribed()
	}
	for {
		msg, err := ps.ReceiveMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		fn(msg.Payload)
	}
}
