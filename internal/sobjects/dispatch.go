package sobjects

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"

	"storefront/internal/apiversion"
	"storefront/internal/platform/httpx"
)

// maxSubrequests bounds a composite or batch request, as Salesforce does.
const maxSubrequests = 25

// subResult is what one subrequest answered.
type subResult struct {
	Status int
	Header http.Header
	Body   any             // decoded JSON, for references; nil when the answer had no body
	Raw    json.RawMessage // the answer as written (keys in the handler's order); nil when none
}

// wire is the answer's body as the composite answer carries it.
func (s subResult) wire() any {
	if s.Raw != nil {
		return s.Raw
	}
	return s.Body
}

func (s subResult) ok() bool { return s.Status >= 200 && s.Status < 300 }

// subrequestURL checks a subrequest's URL: a path of the REST API under a served version. Composite resources may
// not nest (Salesforce refuses that too), and nothing outside /services/data is reachable this way.
func subrequestURL(raw string) (string, error) {
	u := raw
	if !strings.HasPrefix(u, "/") { // batch subrequests may be relative to /services/data/ ("v61.0/sobjects/...")
		u = apiversion.Prefix + u
	}
	rest, ok := strings.CutPrefix(u, apiversion.Prefix)
	version, tail, _ := strings.Cut(rest, "/")
	v, isVersion := strings.CutPrefix(version, "v")
	if !ok || !isVersion || !apiversion.Valid(v) || tail == "" || strings.HasPrefix(tail, "composite") ||
		strings.Contains(u, "/../") || strings.Contains(u, "#") {
		return "", httpx.BadRequest("INVALID_INPUT", "The subrequest URL %q is not a REST API resource that a composite request can call.", raw)
	}
	return u, nil
}

// dispatch runs one subrequest through the server's own routing with the caller's request context (so its
// principal, request id and logger), and records the answer.
func (h *Handler) dispatch(r *http.Request, method, url string, body any, headers map[string]string) subResult {
	var payload []byte
	if body != nil {
		payload, _ = json.Marshal(body)
	}
	sub, err := http.NewRequestWithContext(r.Context(), strings.ToUpper(method), url, bytes.NewReader(payload))
	if err != nil {
		return errorResult(httpx.BadRequest("INVALID_INPUT", "The subrequest is malformed: %v", err))
	}
	for k, v := range headers {
		sub.Header.Set(k, v)
	}
	if body != nil {
		sub.Header.Set("Content-Type", "application/json")
	}
	sub.RemoteAddr, sub.Host = r.RemoteAddr, r.Host
	rec := httptest.NewRecorder()
	if h.Dispatch == nil { // a handler built without the server's routing (a routing-table listing) runs nothing
		return errorResult(httpx.Errorf(http.StatusServiceUnavailable, "SERVER_UNAVAILABLE", "Subrequests are not served here."))
	}
	h.Dispatch.ServeHTTP(rec, sub)
	res := subResult{Status: rec.Code, Header: rec.Header()}
	if b := bytes.TrimSpace(rec.Body.Bytes()); len(b) > 0 {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if dec.Decode(&res.Body) != nil {
			res.Body = string(b)
		} else {
			res.Raw = json.RawMessage(b)
		}
	}
	return res
}

// errorResult is a subrequest refused before it ran, answered as the handler would have.
func errorResult(e *httpx.Error) subResult {
	return subResult{Status: e.Status, Header: http.Header{}, Body: []map[string]any{{"errorCode": e.Code, "message": e.Message}}}
}
