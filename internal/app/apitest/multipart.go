package apitest

import (
	"io"
	"mime/multipart"
	"strings"
)

// Part is one part of a multipart form: a file part when File (its file name) is set, else a plain field.
type Part struct{ Name, File, Value string }

// Multipart encodes the parts as multipart/form-data, for a Request's Body and its Content-Type header (uploads).
func Multipart(parts ...Part) (contentType, body string) {
	var sb strings.Builder
	mw := multipart.NewWriter(&sb)
	for _, p := range parts {
		var err error
		if p.File != "" {
			var w io.Writer
			if w, err = mw.CreateFormFile(p.Name, p.File); err == nil {
				_, err = w.Write([]byte(p.Value))
			}
		} else {
			err = mw.WriteField(p.Name, p.Value)
		}
		if err != nil {
			panic(err) // writing to a strings.Builder does not fail
		}
	}
	if err := mw.Close(); err != nil {
		panic(err)
	}
	return mw.FormDataContentType(), sb.String()
}
