package apitest

import (
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"
)

// Multipart writes file parts with their file names and plain fields in order, under the boundary it announces.
func TestMultipartEncodesFilesAndFields(t *testing.T) {
	ct, body := Multipart(Part{Name: "fileData", File: "a.csv", Value: "x,y"}, Part{Name: "title", Value: "T"})
	media, params, err := mime.ParseMediaType(ct)
	if err != nil || media != "multipart/form-data" {
		t.Fatalf("content type %q: %v", ct, err)
	}
	mr := multipart.NewReader(strings.NewReader(body), params["boundary"])
	var got []string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		got = append(got, p.FormName()+"|"+p.FileName()+"|"+string(b))
	}
	if want := "fileData|a.csv|x,y title||T"; strings.Join(got, " ") != want {
		t.Fatalf("parts %q, want %q", strings.Join(got, " "), want)
	}
}
