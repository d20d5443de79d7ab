package db

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// An answer built from the database (a record page, a list of records) can be kept while nothing it was built from
// changed. Track records what that is, as the answer is built: every statement run with the tracking context names
// the tables it reads, and each table's version is noted the first time, before its rows are read (as a Cache
// reads its domain's version first). The domains' versions are noted when tracking starts, for what the process
// keeps in memory (the metadata registry, permissions, sessions, the catalog): those reads run no statement.
//
// Tables are followed by counters of their own (InstallVersionTriggers), moved by triggers like the domains', so
// any writer is seen: the engine, raw SQL, a seed, another instance. A statement that writes, runs in a write
// transaction, reads a table without a counter (an untracked one, or a table made since the start) or calls for
// the time or chance makes the answer one that must not be kept.

// tableCounters is what a DB follows of its tables: fixed when the triggers are installed, but for the inventory
// of the schema's tables, which is read again when the metadata moves (a custom object adds a table).
type tableCounters struct {
	counters map[string]*counter // the tables with a counter of their own
	inDomain map[string]bool     // the tables a domain's counter follows
	query    string              // versionsQuery: every counter's value
	relist   sync.Mutex          // held while the schema's tables are listed again
	schema   atomic.Pointer[inventory]
}

type inventory struct {
	metadata int64           // the Metadata version when the tables were listed
	tables   map[string]bool // every table of the schema
}

// followTables starts following the tables: all of the schema's, each domain's and those with their own counter.
func (d *DB) followTables(all []string, domains VersionedTables, own []string) {
	metadata := d.Version(Metadata)
	tc := &tableCounters{counters: map[string]*counter{}, inDomain: map[string]bool{},
		query: versionsQueryOf(d.Dialect, own)}
	tc.schema.Store(&inventory{metadata, setOf(all)})
	if old := d.versions.tables.Load(); old != nil {
		for t, c := range old.counters { // a second install keeps the counters kept answers compare with
			tc.counters[t] = c
		}
	}
	for _, t := range own {
		if tc.counters[t] == nil {
			tc.counters[t] = &counter{}
		}
	}
	for _, ts := range domains {
		for _, t := range ts {
			tc.inDomain[t] = true
		}
	}
	d.versions.tables.Store(tc)
}

func setOf(names []string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out
}

// schemaTables lists the tables of the database's schema, sorted. Bookkeeping: not counted in Statements.
func (d *DB) schemaTables(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`
	if d.Dialect == Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := d.R.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, strings.ToLower(name))
	}
	sort.Strings(out)
	return out, rows.Err()
}

// Reads is what an answer was built from, with the versions they had: see Track.
type Reads struct {
	d       *DB
	mu      sync.Mutex
	domains [numDomains]int64
	tables  map[*counter]int64
	why     string   // why the answer must not be kept: something was read or done that the versions do not follow
	checked []string // tables the caller checks otherwise (TrackExcept)
}

type readsKey struct{}

// Track returns a context whose statements are noted in the returned Reads.
func (d *DB) Track(ctx context.Context) (context.Context, *Reads) { return d.TrackExcept(ctx) }

// TrackExcept is Track but for the tables named, whose rows the caller checks otherwise (a cart's own rows, by the
// cart's revision): reading them neither spoils the answer nor is noted.
func (d *DB) TrackExcept(ctx context.Context, checked ...string) (context.Context, *Reads) {
	r := &Reads{d: d, tables: map[*counter]int64{}, checked: checked}
	for dom := range numDomains {
		r.domains[dom] = d.Version(dom)
	}
	if d.versions.tables.Load() == nil {
		r.spoil("tables not followed") // no triggers installed by this DB: no table's change would be seen
	}
	return context.WithValue(ctx, readsKey{}, r), r
}

// Keepable reports whether the answer may be kept: everything it read has a version, and it changed nothing.
func (r *Reads) Keepable() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.why == ""
}

// Why says why an answer may not be kept ("" when it may), for tests and logs.
func (r *Reads) Why() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.why
}

// Current reports whether everything the answer read is still at the version it had. It takes no lock and runs
// no statement: call it only once the answer is built.
func (r *Reads) Current() bool {
	for dom := range numDomains {
		if r.d.Version(dom) != r.domains[dom] {
			return false
		}
	}
	for c, v := range r.tables {
		if c.version.Load() != v {
			return false
		}
	}
	return true
}

func (r *Reads) spoil(why string) {
	r.mu.Lock()
	if r.why == "" {
		r.why = why
	}
	r.mu.Unlock()
}

// noteStatement notes query in the context's Reads, if any; inTx: it runs in a write transaction.
func (d *DB) noteStatement(ctx context.Context, query string, inTx bool) {
	r, _ := ctx.Value(readsKey{}).(*Reads)
	if r == nil || r.d != d {
		return
	}
	if inTx {
		r.spoil("a write transaction")
		return
	}
	tc := d.versions.tables.Load()
	if tc == nil {
		return // spoiled by Track
	}
	shape := shapeOf(query)
	if shape.spoils != "" {
		r.spoil(shape.spoils)
		return
	}
	schema := d.inventory(tc)
	if schema == nil {
		r.spoil("the schema's tables could not be listed")
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, t := range shape.names {
		if slices.Contains(r.checked, t) {
			continue
		}
		switch c := tc.counters[t]; {
		case c != nil:
			if _, seen := r.tables[c]; !seen {
				r.tables[c] = c.version.Load() // before the statement reads its rows
			}
		case tc.inDomain[t] || !schema.tables[t]: // a domain's (noted at Track) or not a table at all
		case r.why == "":
			r.why = "table " + t + " has no version"
		}
	}
}

// inventory returns the schema's tables, listed again when the metadata moved since they were (a new custom
// object has a table without a counter: reading it must spoil the answer); nil when they cannot be listed.
func (d *DB) inventory(tc *tableCounters) *inventory {
	now := d.Version(Metadata)
	if inv := tc.schema.Load(); inv.metadata == now {
		return inv
	}
	tc.relist.Lock()
	defer tc.relist.Unlock()
	if inv := tc.schema.Load(); inv.metadata == now {
		return inv
	}
	all, err := d.schemaTables(context.Background())
	if err != nil {
		return nil
	}
	inv := &inventory{now, setOf(all)}
	tc.schema.Store(inv)
	return inv
}

// shape is what a statement's text says to Reads: the names it mentions (tables among them), or why an answer
// built with it must not be kept.
type shape struct {
	names  []string
	spoils string
}

var (
	shapes     sync.Map // statement text -> *shape; texts are the code's, but bounded all the same
	shapeCount atomic.Int64
)

const maxShapes = 8192

func shapeOf(query string) *shape {
	if s, ok := shapes.Load(query); ok {
		return s.(*shape)
	}
	s := scanStatement(query)
	if shapeCount.Add(1) <= maxShapes {
		shapes.Store(query, s)
	}
	return s
}

var (
	// writing words make a statement one that changes something (FOR UPDATE included).
	writing = setOf([]string{"insert", "update", "delete", "merge", "truncate", "create", "alter", "drop",
		"nextval", "setval", "pg_notify", "pg_advisory_lock", "pg_advisory_xact_lock"})
	// volatile words make an answer depend on the moment or on chance, which no version follows.
	volatile = setOf([]string{"now", "current_timestamp", "current_date", "current_time", "localtimestamp",
		"localtime", "statement_timestamp", "clock_timestamp", "transaction_timestamp", "random", "gen_random_uuid"})
	// keywords name tables only quoted ("order", "case", "user", "group"): bare, they are ORDER BY, CASE WHEN...
	keywords = setOf([]string{"order", "case", "user", "group"})
)

// scanStatement reads a statement's text for the names it mentions, quoted or bare, skipping string literals
// and keywords. It errs towards more names: a column's name taken for a table's costs an answer, never a stale one.
func scanStatement(q string) *shape {
	s := &shape{}
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			s.names = append(s.names, name)
		}
	}
	first := ""
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(q) && (q[j] != c || j+1 < len(q) && q[j+1] == c) {
				if q[j] == c {
					j++ // a doubled quote
				}
				j++
			}
			text := strings.ToLower(q[i+1 : min(j, len(q))])
			if c == '"' {
				add(text)
			} else if text == "now" { // SQLite's datetime('now'), PostgreSQL's 'now'::timestamp
				s.spoils = "reads the time"
			}
			i = j + 1
		case isWordStart(c):
			j := i
			for j < len(q) && isWordByte(q[j]) {
				j++
			}
			word := strings.ToLower(q[i:j])
			if first == "" {
				first = word
			}
			switch {
			case writing[word]:
				s.spoils = "writes (" + word + ")"
			case volatile[word]:
				s.spoils = "reads the time or chance (" + word + ")"
			case !keywords[word]:
				add(word)
			}
			i = j
		case c >= '0' && c <= '9' || c == '$':
			for i++; i < len(q) && isWordByte(q[i]); i++ {
			}
		default:
			i++
		}
	}
	if first != "select" && first != "with" && s.spoils == "" {
		s.spoils = "not a read"
	}
	return s
}

func isWordStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isWordByte(c byte) bool  { return isWordStart(c) || c >= '0' && c <= '9' || c == '$' }
