package sobjects

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
)

// batchRequest is the body of POST composite/batch.
type batchRequest struct {
	BatchRequests []struct {
		Method    string `json:"method"`
		URL       string `json:"url"`
		RichInput any    `json:"richInput"`
		Body      any    `json:"body"`
	} `json:"batchRequests"`
	HaltOnError bool `json:"haltOnError"`
}

type batchResult struct {
	StatusCode int `json:"statusCode"`
	Result     any `json:"result"`
}

// Batch answers POST composite/batch: independent subrequests in order, each through the server's own handler;
// with haltOnError the ones after a failure are not run (412 BATCH_PROCESSING_HALTED). Nothing is rolled back.
func (h *Handler) Batch() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		var req batchRequest
		if err := httpx.DecodeJSON(w, r, &req); err != nil {
			return err
		}
		if n := len(req.BatchRequests); n == 0 || n > maxSubrequests {
			return httpx.BadRequest("INVALID_INPUT", "A batch needs 1 to %d subrequests; it has %d.", maxSubrequests, n)
		}
		for _, s := range req.BatchRequests {
			if _, err := subrequestURL(s.URL); err != nil {
				return err
			}
		}
		results := make([]batchResult, 0, len(req.BatchRequests))
		hasErrors := false
		for _, s := range req.BatchRequests {
			if hasErrors && req.HaltOnError {
				results = append(results, batchResult{StatusCode: http.StatusPreconditionFailed, Result: []httpx.ErrorItem{
					{ErrorCode: "BATCH_PROCESSING_HALTED", Message: "Batch processing halted per request"}}})
				continue
			}
			body := s.RichInput
			if body == nil {
				body = s.Body
			}
			u, _ := subrequestURL(s.URL)
			res := h.dispatch(r, s.Method, u, body, nil)
			if !res.ok() {
				hasErrors = true
			}
			results = append(results, batchResult{StatusCode: res.Status, Result: res.wire()})
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"hasErrors": hasErrors, "results": results})
		return nil
	})
}
