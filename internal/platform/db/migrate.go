package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	"github.com/pressly/goose/v3"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Step is one named step of the database's migration. With a Version it is a one-time migration written in Go,
// ordered by version with the SQL files of migrations/ and recorded by goose like them. Without one it runs on
// every start, after every one-time migration, in list order: what derives the schema from the binary (the
// records schema from metadata, indexes, triggers) must follow the binary whenever it changes, so these steps
// are idempotent and cheap when nothing changed.
//
// Run gets a context carrying the step's transaction (WithTx): Exec and InTx join it, and reads that must see
// the step's own writes go through Querier(ctx).
type Step struct {
	Version int64
	Name    string
	Run     func(ctx context.Context) error
}

// migrateLockClass is the first key of the PostgreSQL advisory lock that serialises migrations; the second is the
// schema's, so stores in different schemas of one database migrate independently.
const migrateLockClass = 71652009

// Migrate brings the database to the shape this binary needs: the ordered one-time migrations (the SQL files and
// the versioned steps), then the every-start steps in order. Each step runs in a transaction of its own, is logged
// (when log is not nil) and recorded in sf_migration_step; the first that fails stops the migration with an error
// naming it, and leaves nothing of itself. On PostgreSQL the whole migration holds an advisory lock, so instances
// starting together take turns: the second finds the work done.
func (d *DB) Migrate(ctx context.Context, log *slog.Logger, steps ...Step) error {
	once, every, err := splitSteps(steps)
	if err != nil {
		return err
	}
	unlock, err := d.migrationLock(ctx)
	if err != nil {
		return fmt.Errorf("db: migrate: lock: %w", err)
	}
	defer unlock()
	if err := d.migrateOnce(ctx, log, once); err != nil {
		return err
	}
	for _, s := range every {
		if err := d.runStep(ctx, log, s); err != nil {
			return err
		}
	}
	return nil
}

// splitSteps parts the list into the one-time steps and the every-start ones, refusing a list whose order would
// mislead its reader: every versioned step comes first, since every one of them runs before the others.
func splitSteps(steps []Step) (once, every []Step, err error) {
	for _, s := range steps {
		switch {
		case s.Name == "" || s.Run == nil:
			return nil, nil, fmt.Errorf("db: migrate: a step needs a name and a function (%q)", s.Name)
		case s.Version > 0 && len(every) > 0:
			return nil, nil, fmt.Errorf("db: migrate: one-time step %q listed after an every-start step", s.Name)
		case s.Version > 0:
			once = append(once, s)
		default:
			every = append(every, s)
		}
	}
	return once, every, nil
}

// migrateOnce applies the one-time migrations goose has not recorded yet, each in its transaction.
func (d *DB) migrateOnce(ctx context.Context, log *slog.Logger, once []Step) error {
	dialect := goose.DialectSQLite3
	if d.Dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	goMigrations := make([]*goose.Migration, 0, len(once))
	for _, s := range once {
		run := func(ctx context.Context, sqlTx *sql.Tx) error {
			tx := &Tx{Tx: sqlTx, db: d}
			defer tx.done.Store(true)
			if err := s.Run(WithTx(ctx, tx)); err != nil {
				return fmt.Errorf("step %q: %w", s.Name, err)
			}
			return nil
		}
		goMigrations = append(goMigrations, goose.NewGoMigration(s.Version, &goose.GoFunc{RunTx: run}, nil))
	}
	p, err := goose.NewProvider(dialect, d.W, sub, goose.WithDisableGlobalRegistry(true),
		goose.WithGoMigrations(goMigrations...))
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("db: migrate: %w", err)
	}
	for _, r := range results {
		if log != nil {
			log.Info("migration applied", "version", r.Source.Version, "source", r.Source.Path,
				"duration", r.Duration.Round(time.Millisecond))
		}
	}
	return nil
}

// runStep runs one every-start step in its transaction and records it there.
func (d *DB) runStep(ctx context.Context, log *slog.Logger, s Step) error {
	start := time.Now()
	err := d.InTx(ctx, func(tx *Tx) error {
		if err := s.Run(WithTx(ctx, tx)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sf_migration_step (name, ran_at, duration_ms) VALUES (?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET ran_at = excluded.ran_at, duration_ms = excluded.duration_ms`,
			s.Name, start.UTC().Format(time.RFC3339Nano), time.Since(start).Milliseconds())
		return err
	})
	if err != nil {
		return fmt.Errorf("db: migrate: step %q: %w", s.Name, err)
	}
	if log != nil {
		log.Info("start-up step", "step", s.Name, "duration", time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// migrationLock takes, on PostgreSQL, the session advisory lock of this schema's migrations on a connection of its
// own, held until the returned function is called. SQLite serialises writers itself.
func (d *DB) migrationLock(ctx context.Context) (func(), error) {
	if d.Dialect != Postgres {
		return func() {}, nil
	}
	conn, err := d.W.Conn(ctx)
	if err != nil {
		return nil, err
	}
	const key = `?, hashtext(current_schema())`
	if _, err := conn.ExecContext(ctx, d.Rebind(`SELECT pg_advisory_lock(`+key+`)`), migrateLockClass); err != nil {
		conn.Close()
		return nil, err
	}
	return func() {
		// A failed unlock still ends with the session: closing a connection the pool cannot reuse releases it.
		if _, err := conn.ExecContext(context.Background(), d.Rebind(`SELECT pg_advisory_unlock(`+key+`)`),
			migrateLockClass); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}, nil
}
