package httpx

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/gzip" // compress/gzip's API, compressing an answer in about half the time
)

// compressMin is the smallest JSON answer worth compressing: one that fits, with its headers, in about the one
// 1,500-byte packet it would take compressed too. Below it compressing costs CPU and saves no packet: an add to cart
// answers some 1,100 bytes, each different, and their compression was 5% of an add's CPU.
const compressMin = 1400

// JSONResponses finishes the API's JSON answers: a GET answer that may be cached (its Cache-Control is not no-store
// and not private no-store) gets an ETag from its bytes, and a request that already holds it (If-None-Match) gets
// 304 without a body; a JSON answer of compressMin bytes or more goes gzip-compressed to a client that accepts it.
// Anything that is not JSON (the web app's files, which have their own precompressed copies and ETags; media) passes
// through untouched.
// The ETag is a hash of the answer, the same on every instance, so it holds behind a load balancer.
func JSONResponses(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		jw := &jsonWriter{ResponseWriter: w, r: r}
		next.ServeHTTP(jw, r)
		jw.finish()
	})
}

type jsonWriter struct {
	http.ResponseWriter
	r       *http.Request
	status  int
	decided bool // whether WriteHeader has chosen between buffering and passing through
	buffer  bool
	body    bytes.Buffer
	shared  []byte // the whole answer, when it was written with WriteShared: kept by its writer, never changed
}

// WriteShared writes body, an answer its writer keeps and never changes again (an answer kept in memory), as the
// whole response: a JSON answer is not copied to be finished.
func WriteShared(w http.ResponseWriter, body []byte) {
	if k, ok := w.(SharedKeeper); ok && k.KeepShared(body) {
		return
	}
	_, _ = w.Write(body)
}

// SharedKeeper is a ResponseWriter that can take a body given to WriteShared as it is, without copying it.
type SharedKeeper interface {
	// KeepShared takes body as the whole response, or says false when it cannot (something was written already).
	KeepShared(body []byte) bool
}

func (j *jsonWriter) KeepShared(body []byte) bool {
	if !j.decided {
		j.WriteHeader(http.StatusOK)
	}
	if j.buffer && j.body.Len() == 0 && j.shared == nil {
		j.shared = body
		return true
	}
	return false
}

func (j *jsonWriter) Unwrap() http.ResponseWriter { return j.ResponseWriter }

func (j *jsonWriter) WriteHeader(status int) {
	if j.decided {
		return
	}
	j.decided, j.status = true, status
	ct := j.Header().Get("Content-Type")
	j.buffer = strings.HasPrefix(ct, "application/json") && j.Header().Get("Content-Encoding") == "" &&
		status != http.StatusNoContent && status != http.StatusNotModified
	if !j.buffer {
		j.ResponseWriter.WriteHeader(status)
	}
}

func (j *jsonWriter) Write(b []byte) (int, error) {
	if !j.decided {
		j.WriteHeader(http.StatusOK)
	}
	if !j.buffer {
		return j.ResponseWriter.Write(b)
	}
	if j.shared != nil { // more after a shared answer: copy it after all
		j.body.Write(j.shared)
		j.shared = nil
	}
	if j.body.Cap() == 0 {
		j.body.Grow(len(b)) // most answers are one Write: one allocation of their size, not a doubling series
	}
	return j.body.Write(b)
}

// finish sends a buffered JSON answer: 304, compressed, or as it is.
func (j *jsonWriter) finish() {
	if !j.buffer {
		return
	}
	h := j.Header()
	body := j.body.Bytes()
	if j.shared != nil {
		body = j.shared
	}
	get := j.r.Method == http.MethodGet || j.r.Method == http.MethodHead
	validate := j.status == http.StatusOK && get && cacheable(h)
	var sum uint64 // the body's hash: the ETag of an answer that may be validated, the key of a compressed one
	// 201 too: a product search (POST) answers 201 Created, and the same search is asked again and again.
	if validate || ((j.status == http.StatusOK || j.status == http.StatusCreated) && len(body) >= compressMin) {
		sum = xxhash.Sum64(body) // a stable hash (the same on every instance), and some ten times faster than FNV
	}
	if validate {
		etag := `W/"` + strconv.FormatUint(sum, 36) + `"`
		h.Set("ETag", etag)
		if etagMatches(j.r.Header.Get("If-None-Match"), etag) {
			h.Del("Content-Type")
			h.Del("Content-Length")
			j.ResponseWriter.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Add("Vary", "Accept-Encoding")
	if len(body) >= compressMin && acceptsGzip(j.r.Header.Get("Accept-Encoding")) {
		gz := compressedOf(sum, body)
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(gz)))
		j.ResponseWriter.WriteHeader(j.status)
		_, _ = j.ResponseWriter.Write(gz)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	j.ResponseWriter.WriteHeader(j.status)
	_, _ = j.ResponseWriter.Write(body)
}

// compressedOf is body gzip-compressed. Product pages, listings and searches are the same bytes asked for again and
// again, and compressing them was a large share of their cost: the compressed form of recent 200 and 201 answers
// (sum, the body's hash, is not 0) is kept, keyed by the hash, and the bytes are compared too, so a collision costs
// a compression, never a wrong answer.
func compressedOf(sum uint64, body []byte) []byte {
	keep := sum != 0 && len(body) <= compressedMaxBody
	if keep {
		if v, ok := compressed.Load().Load(sum); ok {
			if c := v.(compressedAnswer); sameBytes(c.body, body) {
				return c.gz
			}
		}
	}
	var out bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&out)
	_, _ = zw.Write(body)
	_ = zw.Close()
	gzipWriters.Put(zw)
	if keep {
		size := int64(len(body) + out.Len())
		if compressedBytes.Add(size) > compressedMaxBytes { // start afresh rather than track what is oldest
			compressed.Store(new(sync.Map))
			compressedBytes.Store(size)
		}
		compressed.Load().Store(sum, compressedAnswer{body: body, gz: out.Bytes()})
	}
	return out.Bytes()
}

type compressedAnswer struct{ body, gz []byte }

// sameBytes is bytes.Equal, at once for the same kept answer (WriteShared) written again.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0] || bytes.Equal(a, b))
}

// The kept compressed answers: answers of at most compressedMaxBody bytes, some compressedMaxBytes in all (both
// forms counted).
const (
	compressedMaxBody  = 256 << 10
	compressedMaxBytes = 64 << 20
)

var (
	compressed      atomic.Pointer[sync.Map]
	compressedBytes atomic.Int64
)

func init() { compressed.Store(new(sync.Map)) }

// gzipWriters are reused: a gzip.Writer's buffers are some 800 KB to allocate afresh.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// cacheable reports whether an answer may be kept by a client or cache, and so validated by its ETag.
func cacheable(h http.Header) bool {
	cc := h.Get("Cache-Control")
	return cc != "" && !strings.Contains(cc, "no-store")
}

func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding, honouring an explicit gzip;q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
