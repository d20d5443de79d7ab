package sobjects

import (
	"context"
	"errors"
	"net/http"
	"regexp"

	"storefront/internal/identity"
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
		if _, ok := parseRecordWrite(s.Method, referencePattern.ReplaceAllString(s.URL, "x")); req.AllOrNone && isWrite(s.Method) && !ok {
			return httpx.BadRequest("INVALID_INPUT", "With allOrNone, subrequest %s may only write one record through "+
				"sobjects (POST sobjects/{object}, PATCH or DELETE sobjects/{object}/{id}, upsert): those are the "+
				"writes this server can roll back.", s.ReferenceID)
		}
	}
	return nil
}

// Composite answers POST composite: the subrequests run in order, each through the server's own handler with the
// caller's rights; later ones may name values of earlier answers. With allOrNone, a failure undoes the earlier
// writes (see undo.go) and every other subrequest answers PROCESSING_HALTED.
func (h *Handler) Composite() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		var req compositeRequest
		if err := httpx.DecodeJSON(w, r, &req); err != nil {
			return err
		}
		if err := validateComposite(&req); err != nil {
			return err
		}
		entries := make([]compositeEntry, 0, len(req.CompositeRequest))
		bodies := map[string]any{}
		var undo []undoStep
		failed := false
		for _, s := range req.CompositeRequest {
			entry := compositeEntry{HTTPHeaders: map[string]string{}, ReferenceID: s.ReferenceID}
			res, err := h.runSubrequest(r, actor, s, bodies, req.AllOrNone, &undo)
			if err != nil {
				return err
			}
			entry.Body, entry.HTTPStatusCode = res.wire(), res.Status
			if loc := res.Header.Get("Location"); loc != "" {
				entry.HTTPHeaders["Location"] = loc
			}
			if res.ok() {
				bodies[s.ReferenceID] = res.Body
			} else {
				failed = true
			}
			entries = append(entries, entry)
			if failed && req.AllOrNone {
				break
			}
		}
		if failed && req.AllOrNone {
			h.rollBack(r, undo)
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

// runSubrequest resolves a subrequest's references and runs it; with allOrNone it first notes how to undo it.
func (h *Handler) runSubrequest(r *http.Request, actor *identity.Principal, s subrequest, bodies map[string]any, allOrNone bool, undo *[]undoStep) (subResult, error) {
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
	var finish func(subResult) undoStep
	if rw, ok := parseRecordWrite(s.Method, u); ok && allOrNone {
		finish = h.prepareUndo(r.Context(), actor, rw, s.Body)
	}
	res := h.dispatch(r, s.Method, u, s.Body, s.HTTPHeaders)
	if finish != nil {
		if step := finish(res); step != nil {
			*undo = append(*undo, step)
		}
	}
	return res, nil
}

// rollBack plays the undo steps backwards. A step that fails is logged: it leaves a write of the request in place.
func (h *Handler) rollBack(r *http.Request, undo []undoStep) {
	ctx := context.WithoutCancel(r.Context()) // the client hanging up must not stop the undo halfway
	for i := len(undo) - 1; i >= 0; i-- {
		if err := undo[i](ctx); err != nil {
			httpx.Logger(r.Context()).Error("composite rollback step failed", "err", err)
		}
	}
}
