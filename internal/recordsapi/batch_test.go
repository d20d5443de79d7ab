package recordsapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"storefront/internal/platform/httpx"
)

func TestItemOf(t *testing.T) {
	wire := func(item BatchItem) string {
		b, err := json.Marshal(item)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	item, err := ItemOf(map[string]string{"id": "x"}, nil)
	if err != nil || wire(item) != `{"result":{"id":"x"},"statusCode":200}` {
		t.Errorf("found: %s %v", wire(item), err)
	}
	item, err = ItemOf(nil, NotFound())
	if err != nil || wire(item) != `{"result":[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}],"statusCode":404}` {
		t.Errorf("not found: %s %v", wire(item), err)
	}
	refused := httpx.BadRequest("INVALID_INPUT", "no")
	refused.Body = map[string]string{"enhancedErrorType": "RecordError"}
	if item, err = ItemOf(nil, refused); err != nil || wire(item) != `{"result":{"enhancedErrorType":"RecordError"},"statusCode":400}` {
		t.Errorf("a write error keeps its body: %s %v", wire(item), err)
	}
	ours := errors.New("disk on fire")
	if _, err = ItemOf(nil, ours); !errors.Is(err, ours) {
		t.Errorf("a failure of ours fails the batch: %v", err)
	}
	if _, err = ItemOf(nil, httpx.Errorf(http.StatusServiceUnavailable, "UNAVAILABLE", "later")); err == nil {
		t.Error("a 5xx fails the batch")
	}
}
