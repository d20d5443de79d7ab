package catalog

import (
	"bytes"
	"net/http"

	"storefront/internal/platform/db"
)

// The product page and the category calls answer from rows of the catalog domain only (products, categories,
// media, entitlement, the store) and from the metadata (which fields exist). Their answers are kept in memory,
// byte for byte, per path, query and effective account, while the catalog version holds: a change by any writer
// moves it (db.Catalog) and the next call builds the answer again. Only 200 answers are kept; errors are built
// every time.

// answerKey names one kept answer.
type answerKey struct {
	path, query, account string
	metadata             int64
}

// answer is a kept 200 answer.
type answer struct {
	cacheControl string
	body         []byte
}

// answersLimit bounds the answers kept per version, so that varied query strings cannot take unbounded memory.
const answersLimit = 50_000

func answersOf(d *db.DB) *db.Cache[answerKey, answer] {
	return db.Shared(d, &answersKey, func() *db.Cache[answerKey, answer] {
		return db.NewCache[answerKey, answer](d, "catalog_answers", db.Catalog, answersLimit)
	})
}

var answersKey int

// remembered answers r from memory, or runs build and keeps its answer. The commerce preamble runs first either way,
// so a kept answer is never given to a caller the call would refuse.
func (h *Handlers) remembered(w http.ResponseWriter, r *http.Request, build func(http.ResponseWriter, *http.Request) error) error {
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	key := answerKey{path: r.URL.Path, query: r.URL.RawQuery, account: s.AccountID, metadata: h.DB.Version(db.Metadata)}
	fill := answersOf(h.DB).Begin()
	a, ok := fill.Lookup(key)
	if !ok {
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		if err := build(rec, r); err != nil {
			return err
		}
		if rec.status != http.StatusOK {
			rec.replay(w)
			return nil
		}
		a = answer{cacheControl: rec.header.Get("Cache-Control"), body: rec.body.Bytes()}
		fill.Store(key, a)
	}
	w.Header().Set("Cache-Control", a.cacheControl)
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(a.body)
	return nil
}

// recorder takes a handler's answer so that it can be kept.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (rec *recorder) Header() http.Header         { return rec.header }
func (rec *recorder) Write(p []byte) (int, error) { return rec.body.Write(p) }
func (rec *recorder) WriteHeader(status int)      { rec.status = status }

// replay writes a recorded answer that is not kept.
func (rec *recorder) replay(w http.ResponseWriter) {
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	_, _ = w.Write(rec.body.Bytes())
}
