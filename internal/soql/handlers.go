package soql

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// DefaultTimeout bounds one call's statements: a query running longer is cancelled (QUERY_TIMEOUT).
const DefaultTimeout = 30 * time.Second

// Handler serves the query resource: GET query?q=, queryAll?q= and query/{locator}.
type Handler struct {
	Engine *records.Engine
	// Timeout bounds each call's statements; DefaultTimeout when zero.
	Timeout time.Duration
	// Now is the clock (tests pin it); time.Now when nil.
	Now func() time.Time
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now().UTC()
	}
	return time.Now().UTC()
}

// signedIn refuses guests, as the records APIs do (queries need a signed-in caller: staff, or a buyer within their
// visibility), and answers the engine's errors with the REST API's error list.
func signedIn(next recordsapi.Call) http.Handler { return recordsapi.SignedIn(recordsapi.REST, next) }

// Query answers GET query?q=.
func (h *Handler) Query() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		return h.first(w, r, actor, false)
	})
}

// QueryAll answers GET queryAll?q=. The records engine deletes rows outright (there is no recycle bin), so it
// answers what query does.
func (h *Handler) QueryAll() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		return h.first(w, r, actor, true)
	})
}

// More answers GET query/{locator}: the next page of a query.
func (h *Handler) More() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		ctx, cancel := context.WithTimeout(r.Context(), h.timeout())
		defer cancel()
		now := h.now()
		l, pos, err := loadLocator(ctx, h.Engine.DB, r.PathValue("locator"), actor.UserID, now)
		if errors.Is(err, errNoLocator) {
			return httpx.BadRequest(CodeInvalidLocator, "invalid query locator")
		}
		if err != nil {
			return err
		}
		plan, qerr := h.compile(ctx, l.Query, actor, l.CreatedAt)
		if qerr != nil {
			return qerr
		}
		recs, err := plan.Rows(ctx, h.Engine.Querier(ctx), recordsapi.Version(r), pos, l.BatchSize)
		if err != nil {
			return queryError(ctx, err)
		}
		return h.respond(ctx, w, recordsapi.Version(r), l, recs, pos)
	})
}

func (h *Handler) timeout() time.Duration {
	if h.Timeout > 0 {
		return h.Timeout
	}
	return DefaultTimeout
}

// compile parses and compiles the query for the caller; its errors are the API's.
func (h *Handler) compile(ctx context.Context, q string, actor *identity.Principal, now time.Time) (*Plan, error) {
	parsed, perr := Parse(q)
	if perr != nil {
		return nil, perr.httpError(q)
	}
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, queryError(ctx, err)
	}
	plan, cerr := Compile(parsed, cat, h.Engine, actor, h.Engine.DB.Dialect, now)
	if cerr != nil {
		return nil, cerr.httpError(q)
	}
	return plan, nil
}

func (h *Handler) first(w http.ResponseWriter, r *http.Request, actor *identity.Principal, all bool) error {
	q := r.URL.Query().Get("q")
	ctx, cancel := context.WithTimeout(r.Context(), h.timeout())
	defer cancel()
	now := h.now()
	plan, err := h.compile(ctx, q, actor, now)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("columns") == "true" { // the column metadata alone (the Salesforce CLI's data query asks it)
		httpx.WriteJSON(w, http.StatusOK, plan.Columns(h.Engine, actor))
		return nil
	}
	version := recordsapi.Version(r)
	switch {
	case plan.IsCount():
		n, err := plan.Count(ctx, h.Engine.Querier(ctx))
		if err != nil {
			return queryError(ctx, err)
		}
		httpx.WriteJSON(w, http.StatusOK, &QueryResult{TotalSize: n, Done: true, Records: []*recordsapi.Object{}})
		return nil
	case plan.IsAggregate():
		// Aggregate results come in one page (Salesforce does not page them either).
		recs, err := plan.Rows(ctx, h.Engine.Querier(ctx), version, 0, maxAggregateRows)
		if err != nil {
			return queryError(ctx, err)
		}
		httpx.WriteJSON(w, http.StatusOK, &QueryResult{TotalSize: int64(len(recs)), Done: true, Records: recs})
		return nil
	}
	batch := batchSize(r)
	recs, err := plan.Rows(ctx, h.Engine.Querier(ctx), version, 0, batch)
	if err != nil {
		return queryError(ctx, err)
	}
	// A first page that holds every row (short, or the whole LIMIT) is its own count; only a full page with more
	// rows possible costs a count.
	total := int64(len(recs))
	if total > 0 && total == plan.pageSize(0, batch) && (plan.limit < 0 || plan.limit > batch) {
		if total, err = plan.Count(ctx, h.Engine.Querier(ctx)); err != nil {
			return queryError(ctx, err)
		}
	}
	l := &locator{UserID: actor.UserID, Query: q, AllRows: all, BatchSize: batch, TotalSize: total, CreatedAt: now}
	return h.respond(ctx, w, version, l, recs, 0)
}

// respond writes a page of rows read from position pos, with the next page's URL when rows remain (a locator is
// stored for the first page that needs one).
func (h *Handler) respond(ctx context.Context, w http.ResponseWriter, version string, l *locator, recs []*recordsapi.Object, pos int64) error {
	res := &QueryResult{TotalSize: l.TotalSize, Done: true, Records: recs}
	next := pos + int64(len(recs))
	if len(recs) > 0 && next < l.TotalSize {
		if l.ID == "" {
			if err := saveLocator(ctx, h.Engine.DB, l, h.now()); err != nil {
				return err
			}
		}
		res.Done = false
		res.NextRecordsURL = "/services/data/" + version + "/query/" + l.ID + "-" + strconv.FormatInt(next, 10)
	}
	httpx.WriteJSON(w, http.StatusOK, res)
	return nil
}

// queryError turns a statement cancelled by the deadline into Salesforce's QUERY_TIMEOUT (the drivers word the
// cancellation differently, so the context says what happened).
func queryError(ctx context.Context, err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return httpx.BadRequest("QUERY_TIMEOUT", "Your query request was running for too long.")
	}
	return err
}

// batchSize reads "Sforce-Query-Options: batchSize=N", kept within 200..2000 (2000 when absent or unreadable).
func batchSize(r *http.Request) int64 {
	for _, opt := range strings.Split(r.Header.Get("Sforce-Query-Options"), ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(opt), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "batchSize") {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			break
		}
		return min(MaxBatchSize, max(MinBatchSize, n))
	}
	return MaxBatchSize
}
