package files_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const (
	ui       = "/services/data/v64.0/ui-api"
	uploads  = ui + "/records/content-documents"
	download = "/services/data/v64.0/sobjects/ContentVersion/"
)

type client struct {
	t     *testing.T
	s     *apptest.Server
	token string
}

func signIn(t *testing.T, s *apptest.Server, user string) *client {
	return &client{t: t, s: s, token: s.Token(t, user)}
}

type reply struct {
	status int
	header http.Header
	body   []byte
	json   any
}

// send makes a request with the caller's token through the harness and reads the whole answer.
func (c *client) send(method, path, contentType, body string) reply {
	c.t.Helper()
	var headers []string
	if contentType != "" {
		headers = []string{"Content-Type", contentType}
	}
	return newReply(c.s.Call(c.t, method, path, c.token, body, headers...))
}

// newReply keeps an answer with its body decoded when it is JSON.
func newReply(r apitest.Reply) reply {
	out := reply{status: r.Status, header: r.Header, body: []byte(r.Body)}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") && r.Body != "" {
		_ = json.Unmarshal(out.body, &out.json)
	}
	return out
}

// part is one part of a multipart form: a file when file is set.
type part struct{ name, file, value string }

// form encodes the parts as multipart/form-data (see apitest.Multipart).
func form(parts ...part) (contentType, body string) {
	ps := make([]apitest.Part, len(parts))
	for i, p := range parts {
		ps[i] = apitest.Part{Name: p.name, File: p.file, Value: p.value}
	}
	return apitest.Multipart(ps...)
}

// upload posts the form to path and checks the status; a 201 is checked against the records' RAML type.
func (c *client) upload(want int, path string, parts ...part) reply {
	c.t.Helper()
	ct, body := form(parts...)
	r := c.send("POST", path, ct, body)
	if r.status != want {
		c.t.Fatalf("POST %s: %d %s, want %d", path, r.status, r.body, want)
	}
	if want == 201 {
		checkComposite(c.t, r.body)
	}
	return r
}

// checkComposite validates each record of an upload's answer strictly against RecordRepresentation (the content
// document composite has no RAML type of its own) and the composite's own keys.
func checkComposite(t *testing.T, body []byte) {
	t.Helper()
	var out map[string]json.RawMessage
	if err := json.Unmarshal(body, &out); err != nil || len(out) != 3 {
		t.Fatalf("composite keys: %s", body)
	}
	var links []json.RawMessage
	if err := json.Unmarshal(out["contentDocumentLinks"], &links); err != nil {
		t.Fatalf("contentDocumentLinks: %s", body)
	}
	spec, err := uiapitest.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range append([]json.RawMessage{out["contentDocument"], out["contentVersion"]}, links...) {
		problems, err := spec.Validate("RecordRepresentation", rec, uiapitest.Strict)
		if err != nil || len(problems) > 0 {
			t.Fatalf("record %s: %v %v", rec, err, problems)
		}
	}
}

// fails checks a read-error answer [{errorCode, message}] with the message starting as given.
func fails(t *testing.T, r reply, status int, code, message string) {
	t.Helper()
	list, _ := r.json.([]any)
	if r.status != status || len(list) != 1 {
		t.Fatalf("%d %s, want %d %s", r.status, r.body, status, message)
	}
	item := list[0].(map[string]any)
	if item["errorCode"] != code || !strings.HasPrefix(item["message"].(string), message) {
		t.Fatalf("%s, want %s %q", r.body, code, message)
	}
}

// field is a record representation's field value.
func field(rec any, name string) any {
	return rec.(map[string]any)["fields"].(map[string]any)[name].(map[string]any)["value"]
}

// rows counts the file rows and stored chunks, to show what a call left behind.
func rows(t *testing.T, s *apptest.Server) [4]int {
	t.Helper()
	var out [4]int
	for i, table := range []string{"contentdocument", "contentversion", "contentdocumentlink", "sf_file_chunk"} {
		if err := s.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM `+table).Scan(&out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
