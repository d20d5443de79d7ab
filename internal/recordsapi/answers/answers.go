// Package answers keeps the records API's read answers (a record page, a list view's records, a GraphQL page) in
// memory, whole and encoded, and serves a kept answer while nothing it was built from changed, as the commerce read
// paths keep catalog answers. What an answer was built from is recorded as it is built (db.Track): the tables its
// statements read, each at its version, and the versions of what the process keeps in memory (metadata,
// permissions, sessions, catalog). The versions move on every instance whatever writes (the engine, raw SQL, a
// seed, another instance), so a kept answer is never served once anything behind it changed. An answer that wrote
// something (updateMru=true, a mutation), read a table without a version or read the time is not kept.
package answers

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/metrics"
)

const (
	// maxBytes bounds the answers kept per database; past it, the cache starts afresh (as db.Cache does).
	maxBytes = 64 << 20
	// maxAnswer bounds one kept answer, and maxBody the request body read into a key; bigger ones are not kept.
	maxAnswer = 4 << 20
	maxBody   = 64 << 10
)

// key is one question: the request as asked, by whom. The minute is part of it because answers may depend on the
// day in the caller's time zone (a list view filtered on TODAY) without reading the time in a statement.
type key struct {
	method, version, path, query, body string
	caller                             identity.Principal
	minute                             int64
}

// answer is one kept answer and what it was built from.
type answer struct {
	reads  *db.Reads
	status int
	header http.Header
	body   []byte
}

type entries struct {
	m    sync.Map // key -> *answer
	size atomic.Int64
}

// Cache keeps one database's answers.
type Cache struct {
	d       *db.DB
	lookups metrics.Cache
	gen     atomic.Pointer[entries]
}

var cacheKey int

// For returns d's answer cache, one per database.
func For(d *db.DB) *Cache {
	return db.Shared(d, &cacheKey, func() *Cache {
		c := &Cache{d: d, lookups: metrics.NewCache("record_answers")}
		c.gen.Store(&entries{})
		return c
	})
}

// Keep wraps a read's handler: its answers are served from memory while nothing they were built from changed.
func (c *Cache) Keep(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, whole := readBody(r)
		if !whole {
			next.ServeHTTP(w, r)
			return
		}
		caller := *identity.FromContext(r.Context())
		// A user's answers are the same in every session of theirs.
		caller.SessionID, caller.PriorGuestSessionID = "", ""
		k := key{method: r.Method, version: apiversion.FromContext(r.Context()), path: r.URL.Path,
			query: r.URL.RawQuery, body: string(body), caller: caller, minute: time.Now().Unix() / 60}
		g := c.gen.Load()
		if v, ok := g.m.Load(k); ok && v.(*answer).reads.Current() {
			c.lookups.Hit()
			v.(*answer).write(w)
			return
		}
		c.lookups.Miss()
		ctx, reads := c.d.Track(r.Context())
		before := w.Header().Clone()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r.WithContext(ctx))
		// An answer reporting errors with a 200 (GraphQL's) may report a passing failure: it is not kept.
		if rec.status != http.StatusOK || rec.tooBig || !reads.Keepable() || r.Context().Err() != nil ||
			bytes.Contains(rec.body.Bytes(), []byte(`"errors":`)) {
			return
		}
		a := &answer{reads: reads, status: rec.status, header: http.Header{}, body: rec.body.Bytes()}
		for name, values := range w.Header() {
			if !slices.Equal(before[name], values) {
				a.header[name] = values
			}
		}
		c.store(g, k, a)
	})
}

// store keeps a in g, or in a fresh generation when g is full: the answers of a long-lived instance are not
// tracked by use, and a full cache that kept nothing new would serve ever fewer callers.
func (c *Cache) store(g *entries, k key, a *answer) {
	weight := int64(len(a.body) + len(k.path) + len(k.query) + len(k.body) + 256)
	if g.size.Add(weight) > maxBytes {
		fresh := &entries{}
		if !c.gen.CompareAndSwap(g, fresh) {
			return
		}
		g = fresh
		g.size.Add(weight)
	}
	g.m.Store(k, a)
}

func (a *answer) write(w http.ResponseWriter) {
	for name, values := range a.header {
		w.Header()[name] = values
	}
	if a.status == http.StatusOK {
		httpx.WriteShared(w, a.body) // neither copied nor compressed again by the JSON writer
		return
	}
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
}

// readBody reads a request's body for its key, leaving it readable; whole is false when it is too big to key on.
func readBody(r *http.Request) (body []byte, whole bool) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, true
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
	return body, err == nil && len(body) <= maxBody
}

// recorder passes an answer through while keeping a copy of it.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
	tooBig bool
	wrote  bool
}

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	if !r.tooBig {
		if r.body.Len()+len(p) > maxAnswer {
			r.tooBig = true
			r.body = bytes.Buffer{}
		} else {
			r.body.Write(p)
		}
	}
	return r.ResponseWriter.Write(p)
}
