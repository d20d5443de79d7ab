package recordsapi

import (
	"errors"
	"net/http"

	"storefront/internal/platform/httpx"
)

// BatchItem is one entry of a UI API batch answer (records, object infos, list infos, related lists, actions): the
// item's representation, or its error body, and its status. The real wire writes result before statusCode.
type BatchItem struct {
	Result     any `json:"result"`
	StatusCode int `json:"statusCode"`
}

// ItemOf is the batch entry of one item's outcome: v with 200, or the API's error as the item's own status and body
// (a write error's RecordError body, else the read errors' [{errorCode, message}] array), the engine's errors mapped
// as the UI API maps them. An error that is no 4xx of the API (a failure of ours) is returned: it fails the batch.
func ItemOf(v any, err error) (BatchItem, error) {
	if err == nil {
		return BatchItem{Result: v, StatusCode: http.StatusOK}, nil
	}
	var he *httpx.Error
	if !errors.As(UIAPI.Error(err), &he) || he.Status >= http.StatusInternalServerError {
		return BatchItem{}, err
	}
	if he.Body != nil {
		return BatchItem{Result: he.Body, StatusCode: he.Status}, nil
	}
	return BatchItem{Result: []httpx.ErrorItem{{ErrorCode: he.Code, Message: he.Message}}, StatusCode: he.Status}, nil
}
