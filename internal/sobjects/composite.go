package sobjects

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// compositeRequest is the body of POST composite.
type compositeRequest struct {
	AllOrNone          bool         `json:"allOrNone"`
	CollateSubrequests bool         `json:"collateSubrequests"`
	CompositeRequest   []subrequest `json:"compositeRequest"`
}

type subrequest struct {
	Method      string            `json:"method"`
	URL         string            `json:"url"`
	ReferenceID string            `json:"referenceId"`
	Body        any               `json:"body"`
	HTTPHeaders map[string]string `json:"httpHeaders"`
}

// compositeEntry is one entry of compositeResponse.
type compositeEntry struct {
	Body           any               `json:"body"`
	HTTPHeaders    map[string]string `json:"httpHeaders"`
	HTTPStatusCode int               `json:"httpStatusCode"`
	ReferenceID    string            `json:"referenceId"`
}

var referenceID = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

func halted(message string) []ErrorItem {
	return []ErrorItem{{Message: message, ErrorCode: "PROCESSING_HALTED", Fields: []string{}}}
}

const rolledBack = "The transaction was rolled back since another operation in the same transaction failed."

// validateComposite checks the request before anything runs: a malformed one is refused whole.
func validateComposite(req *compositeRequest) error {
	n := len(req.CompositeRequest)
	if n == 0 || n > maxSubrequests {
		return httpx.BadRequest("INVALID_INPUT", "A composite request needs 1 to %d subrequests; it has %d.", maxSubrequests, n)
	}
	seen := map[string]bool{}
	for _, s := range req.CompositeRequest {
		if !referenceID.MatchString(s.ReferenceID) || seen[s.ReferenceID] {
			return httpx.BadRequest("INVALID_INPUT", "Each subrequest needs a unique referenceId that starts with a "+
				"letter and holds only letters, numbers and underscores: %q.", s.ReferenceID)
		}
		seen[s.ReferenceID] = true
		switch s.Method {
		case http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodPut, http.MethodDelete:
		default:
			return httpx.BadRequest("INVALID_INPUT", "The method %q of subrequest %s is not supported.", s.Method, s.ReferenceID)
		}
		if _, err := subrequestURL(referencePattern.ReplaceAllString(s.URL, "x")); err != nil {
			return err
		}
		// The sobjects writes read through the transaction (records.Engine.Querier); other handlers read through
		// the pool, and would not see what earlier subrequests wrote.
		if req.AllOrNone && isWrite(s.Method) && !isRecordWrite(s.Method, referencePattern.ReplaceAllString(s.URL, "x")) {
			return httpx.BadRequest("INVALID_INPUT", "With allOrNone, subrequest %s may only write one record through "+
				"sobjects (POST sobjects/{object}, PATCH or DELETE sobjects/{object}/{id}, upsert).", s.ReferenceID)
		}
	}
	return nil
}

// Composite answers POST composite: the subrequests run in order, each through the server's own handler with the
// caller's rights; later ones may name values of earlier answers. With allOrNone they run in one database
// transaction (records.Engine.InTx), so a later one reads what an earlier one wrote, and a failure rolls all of
// them back (every other subrequest answers PROCESSING_HALTED); so does a process that dies half-way. Without it,
// each subrequest commits on its own and keeps its own result.
func (h *Handler) Composite() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		var req compositeRequest
		if err := httpx.DecodeJSON(w, r, &req); err != nil {
			return err
		}
		if err := validateComposite(&req); err != nil {
			return err
		}
		var entries []compositeEntry
		failed := false
		run := func(ctx context.Context) error {
			entries = make([]compositeEntry, 0, len(req.CompositeRequest))
			bodies := map[string]any{}
			for _, s := range req.CompositeRequest {
				entry := compositeEntry{HTTPHeaders: map[string]string{}, ReferenceID: s.ReferenceID}
				res, err := h.runSubrequest(r.WithContext(ctx), s, bodies)
				if err != nil {
					return err
				}
				entry.Body, entry.HTTPStatusCode = res.wire(), res.Status
				if loc := res.Header.Get("Location"); loc != "" {
					entry.HTTPHeaders["Location"] = loc
				}
				entries = append(entries, entry)
				if !res.ok() {
					failed = true
					if req.AllOrNone {
						return errRolledBack
					}
					continue
				}
				bodies[s.ReferenceID] = res.Body
			}
			return nil
		}
		var err error
		if req.AllOrNone {
			err = h.Engine.InTx(r.Context(), func(ctx context.Context, _ *db.Tx) error { return run(ctx) })
		} else {
			err = run(r.Context())
		}
		if err != nil && !errors.Is(err, errRolledBack) {
			return err
		}
		if failed && req.AllOrNone {
			last := len(entries) - 1
			for i := range req.CompositeRequest {
				if i == last {
					continue
				}
				e := compositeEntry{Body: halted(rolledBack), HTTPHeaders: map[string]string{}, HTTPStatusCode: http.StatusBadRequest,
					ReferenceID: req.CompositeRequest[i].ReferenceID}
				if i < last {
					entries[i] = e
				} else {
					entries = append(entries, e)
				}
			}
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"compositeResponse": entries})
		return nil
	})
}

// runSubrequest resolves a subrequest's references and runs it.
func (h *Handler) runSubrequest(r *http.Request, s subrequest, bodies map[string]any) (subResult, error) {
	var refErr *referenceError
	rawURL, err := resolveString(bodies, s.URL)
	if err == nil {
		var body any
		if body, err = resolve(bodies, s.Body); err == nil {
			s.Body = body
		}
	}
	if errors.As(err, &refErr) {
		return subResult{Status: http.StatusBadRequest, Header: http.Header{}, Body: halted(refErr.Error())}, nil
	}
	if err != nil {
		return subResult{}, err
	}
	u, err := subrequestURL(text(rawURL))
	if err != nil {
		var he *httpx.Error
		errors.As(err, &he)
		return errorResult(he), nil
	}
	return h.dispatch(r, s.Method, u, s.Body, s.HTTPHeaders), nil
}

// isRecordWrite recognises POST sobjects/{object}, PATCH and DELETE sobjects/{object}/{id} and PATCH
// sobjects/{object}/{field}/{value}: the writes an allOrNone composite request may make.
func isRecordWrite(method, rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/") // services data vXX.X sobjects ...
	if len(parts) < 5 || parts[3] != "sobjects" {
		return false
	}
	rest := len(parts) - 5
	switch strings.ToUpper(method) {
	case http.MethodPost:
		return rest == 0
	case http.MethodPatch:
		return rest == 1 || rest == 2
	case http.MethodDelete:
		return rest == 1
	}
	return false
}

// isWrite reports whether a method changes data.
func isWrite(method string) bool {
	switch strings.ToUpper(method) {
	case http.MethodGet, http.MethodHead:
		return false
	}
	return true
}
