package storecontext

import (
	"bytes"
	"net/http"

	"storefront/internal/apiversion"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// The product page, the category calls and product searches answer from rows of the catalog domain only (the store,
// products, categories, media, entitlement, prices, the search index) and from the metadata (which fields exist).
// Their answers are kept in memory, byte for byte, while the catalog version holds: a change by any writer moves it
// (db.Catalog) and the next call builds the answer again. Only 200 and 201 answers are kept; errors are built every
// time.

// answerKey names one kept answer: the request as the handler reads it (the API version changes the URLs an answer
// holds; a search's body is its input) and whose answer it is.
type answerKey struct {
	method, version, path, query, body, account string
	metadata                                    int64
}

// answer is a kept answer.
type answer struct {
	status       int
	cacheControl string
	body         []byte
}

// answersBudget bounds the bytes of answers kept at a time, so that varied queries cannot take unbounded memory;
// past it, the kept answers start afresh (db.Fill.StoreWeighing).
const answersBudget = 64 << 20

func answersOf(d *db.DB) *db.Cache[answerKey, answer] {
	return db.Shared(d, &answersKey, func() *db.Cache[answerKey, answer] {
		return db.NewCache[answerKey, answer](d, "commerce_answers", db.Catalog, answersBudget)
	})
}

var answersKey int

// Remember answers r for s from memory, or runs build and keeps its answer. body is the request body the handler
// reads (nil for a GET). The caller has run the commerce preamble (ShopperFor) first, so a kept answer is never
// given to a caller the call would refuse.
func Remember(w http.ResponseWriter, r *http.Request, d *db.DB, s *Shopper, body []byte,
	build func(http.ResponseWriter) error) error {
	key := answerKey{method: r.Method, version: apiversion.FromContext(r.Context()), path: r.URL.Path,
		query: r.URL.RawQuery, body: string(body), account: s.AccountID, metadata: d.Version(db.Metadata)}
	fill := answersOf(d).Begin()
	a, ok := fill.Lookup(key)
	if !ok {
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		if err := build(rec); err != nil {
			return err
		}
		if rec.forget || rec.status != http.StatusOK && rec.status != http.StatusCreated {
			rec.replay(w)
			return nil
		}
		a = answer{status: rec.status, cacheControl: rec.header.Get("Cache-Control"), body: rec.bytes()}
		fill.StoreWeighing(key, a, int64(len(a.body)+len(key.body)+len(key.path)+len(key.query)))
	}
	w.Header().Set("Cache-Control", a.cacheControl)
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(a.status)
	httpx.WriteShared(w, a.body)
	return nil
}

// recorder takes a handler's answer so that it can be kept.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	shared []byte // the whole answer, when the handler wrote it with httpx.WriteShared
	forget bool   // Forget: not to be kept
}

// Forget tells Remember not to keep the answer being written to w: it is good for this call only.
func Forget(w http.ResponseWriter) {
	if rec, ok := w.(*recorder); ok {
		rec.forget = true
	}
}

func (rec *recorder) Header() http.Header    { return rec.header }
func (rec *recorder) WriteHeader(status int) { rec.status = status }

func (rec *recorder) Write(p []byte) (int, error) {
	if rec.shared != nil { // a body written after a shared one: keep both, in order
		rec.body.Write(rec.shared)
		rec.shared = nil
	}
	return rec.body.Write(p)
}

// KeepShared takes a handler's whole answer without copying it (httpx.WriteShared).
func (rec *recorder) KeepShared(body []byte) bool {
	if rec.body.Len() > 0 || rec.shared != nil {
		return false
	}
	rec.shared = body
	return true
}

// bytes is the recorded body.
func (rec *recorder) bytes() []byte {
	if rec.shared != nil {
		return rec.shared
	}
	return rec.body.Bytes()
}

// replay writes a recorded answer that is not kept.
func (rec *recorder) replay(w http.ResponseWriter) {
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	_, _ = w.Write(rec.bytes())
}
