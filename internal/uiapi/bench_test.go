package uiapi

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"storefront/internal/domains"
	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

// benchServer is the UI API on a fresh SQLite file with one account, called as staff over loopback HTTP.
func benchServer(b *testing.B) (*httptest.Server, string) {
	b.Helper()
	ctx := context.Background()
	d := recordstest.Open(b, "sqlite")
	eng, _ := domains.Engine(d, nil)
	staff := &identity.Principal{UserID: records.StableID("005", 1), Staff: true}
	acct, err := eng.Create(ctx, staff, "Account", map[string]any{"Name": "Bench", "AnnualRevenue": "1000", "Industry": "Retail"})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(asUser(map[string]*identity.Principal{"staff": staff}, recordsMux(eng)))
	b.Cleanup(srv.Close)
	return srv, acct.ID
}

func benchDo(b *testing.B, client *http.Client, method, url, body string, want int) {
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("X-Test-As", "staff")
	res, err := client.Do(req)
	if err != nil {
		b.Error(err) // not Fatal: this runs on RunParallel's goroutines
		return
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != want {
		b.Errorf("%s %s: %d", method, url, res.StatusCode)
	}
}

func BenchmarkGetRecord(b *testing.B) {
	srv, id := benchServer(b)
	url := srv.URL + Base + "/records/" + id + "?fields=Account.Name,Account.AnnualRevenue,Account.Industry&optionalFields=Account.Phone"
	client := srv.Client()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			benchDo(b, client, "GET", url, "", http.StatusOK)
		}
	})
}

func BenchmarkPatchRecord(b *testing.B) {
	srv, id := benchServer(b)
	url := srv.URL + Base + "/records/" + id
	client := srv.Client()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		i++
		benchDo(b, client, "PATCH", url, `{"fields":{"NumberOfEmployees":`+strconv.Itoa(i)+`}}`, http.StatusOK)
	}
}
