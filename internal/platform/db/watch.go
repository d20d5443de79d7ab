package db

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// PollInterval is how often Watch reads the version counters: the longest another instance's change can go
// unseen when no notice reaches this one.
const PollInterval = 250 * time.Millisecond

// Notifier carries version notices between instances that share a Redis (see redisx): a process that moved a
// counter publishes, the others refresh at once.
type Notifier interface {
	Publish(ctx context.Context, channel, payload string) error
	// SubscribeFrom calls fn for every message on channel until ctx ends, resubscribing after a lost connection,
	// and calls subscribed on every (re)subscription: what was published meanwhile is lost.
	SubscribeFrom(ctx context.Context, channel string, fn func(payload string), subscribed func())
}

// Watch keeps the local versions current until ctx ends (see versions.go): it polls the counters every
// PollInterval, listens for PostgreSQL's notices, and, with a Notifier, publishes this process's changes and
// follows the other instances'. Start it once per DB, before serving.
func (d *DB) Watch(ctx context.Context, n Notifier, log *slog.Logger) {
	if _, err := d.RefreshVersions(ctx); err != nil && ctx.Err() == nil {
		log.Warn("cache versions: first read failed", "err", err)
	}
	if n != nil {
		notify := func(ctx context.Context) {
			if err := n.Publish(context.WithoutCancel(ctx), versionChannel, ""); err != nil {
				log.Warn("cache versions: publish failed", "err", err)
			}
		}
		d.versions.notify.Store(&notify)
		go n.SubscribeFrom(ctx, versionChannel, func(payload string) { d.noticeArrived(ctx, log, payload) }, d.InvalidateAll)
	}
	if d.Dialect == Postgres {
		go d.listen(ctx, log)
	}
	d.poll(ctx, log)
}

// noticeArrived follows a notice that a domain's or table's counter moved (payload: its name; anything else:
// every one).
// The domain is moved whatever the counters show: its sequence may have been read before its transaction
// committed, and the notice comes after (see versions.go).
func (d *DB) noticeArrived(ctx context.Context, log *slog.Logger, payload string) {
	if _, err := d.RefreshVersions(ctx); err != nil && ctx.Err() == nil {
		log.Warn("cache versions: refresh failed", "err", err)
	}
	if c := d.versions.counter(payload); c != nil {
		c.version.Add(1)
		return
	}
	d.InvalidateAll()
}

// poll reads the counters every PollInterval. On PostgreSQL a counter can be seen moving before its transaction
// commits, so a domain seen moving (by any refresh) is moved once more at the next tick, when the writer has
// normally committed; its notice, when the listener is up, moves it again in any case.
func (d *DB) poll(ctx context.Context, log *slog.Logger) {
	Every(ctx, PollInterval, func() {
		d.versions.each(func(c *counter) {
			if c.recent.Swap(false) {
				c.version.Add(1)
			}
		})
		if _, err := d.RefreshVersions(ctx); err != nil && ctx.Err() == nil {
			log.Warn("cache versions: poll failed", "err", err)
		}
	})
}

// listen follows PostgreSQL's notices on a connection of its own, reconnecting after a loss; while it is down
// nothing is missed that the poll does not catch.
func (d *DB) listen(ctx context.Context, log *slog.Logger) {
	for ctx.Err() == nil {
		err := d.listenOnce(ctx, log)
		if ctx.Err() != nil {
			return
		}
		log.Warn("cache versions: listening connection lost, reconnecting", "err", err)
		d.InvalidateAll()
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

func (d *DB) listenOnce(ctx context.Context, log *slog.Logger) error {
	conn, err := pgx.Connect(ctx, d.url)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var schema string
	if err := conn.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+versionChannel); err != nil {
		return err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if dom, ours := strings.CutPrefix(n.Payload, schema+"."); ours {
			d.noticeArrived(ctx, log, dom)
		}
	}
}
