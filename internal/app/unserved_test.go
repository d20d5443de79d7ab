package app

import (
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README's API table says plainly which Salesforce APIs are not served (Bulk, Tooling, Metadata), and each path
// it names there answers the API's 404 NOT_FOUND.
func TestTheReadmeNamesTheAPIsNotServed(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(raw), "\n## API\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var row string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| not served |") {
			row = line
		}
	}
	for _, api := range []string{"Bulk API", "Tooling API", "Metadata API"} {
		if !strings.Contains(row, api) {
			t.Errorf("the API table's not-served row does not name the %s: %q", api, row)
		}
	}
	paths := regexp.MustCompile("`(/[^`]+)`").FindAllStringSubmatch(row, -1)
	if len(paths) < 4 {
		t.Fatalf("the not-served row names %d paths: %q", len(paths), row)
	}
	h := emptyServer(t, "")
	for _, m := range paths {
		path := strings.Replace(m[1], "...", "x", 1)
		for _, method := range []string{"GET", "POST"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
			if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"NOT_FOUND"`) {
				t.Errorf("%s %s: %d %s, want 404 NOT_FOUND", method, path, rec.Code, rec.Body)
			}
		}
	}
}
