package files_test

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// pattern writes n bytes made on the fly (never held whole) to w, hashing them.
func pattern(w io.Writer, n int, sum io.Writer) error {
	block := make([]byte, 64<<10)
	for i := range block {
		block[i] = byte(i*7 + i>>8)
	}
	for written := 0; written < n; written += len(block) {
		b := block[:min(len(block), n-written)]
		b[0] = byte(written >> 16) // every block differs
		sum.Write(b)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// A 50 MB upload streams to the store and back: the heap never grows by more than a few chunks, and the bytes
// downloaded are the bytes sent.
func TestUpload50MBInFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB upload")
	}
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		const size = 50 << 20
		sent := sha256.New()
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			fw, _ := mw.CreateFormFile("fileData", "big.zip")
			if err := pattern(fw, size, sent); err != nil {
				pw.CloseWithError(err)
				return
			}
			pw.CloseWithError(mw.Close())
		}()

		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		var peak atomic.Uint64
		done := make(chan struct{})
		go func() { // sample the heap while the upload runs
			var m runtime.MemStats
			for {
				select {
				case <-done:
					return
				case <-time.After(5 * time.Millisecond):
					runtime.ReadMemStats(&m)
					if m.HeapAlloc > peak.Load() {
						peak.Store(m.HeapAlloc)
					}
				}
			}
		}()
		res := admin.stream("POST", uploads+"/content-versions", mw.FormDataContentType(), pr)
		r := newReply(apitest.Reply{Status: res.StatusCode, Header: res.Header, Body: readAll(t, res)})
		close(done)
		if r.status != 201 {
			t.Fatalf("upload: %d %s", r.status, r.body)
		}
		growth := int64(peak.Load()) - int64(base.HeapAlloc)
		t.Logf("heap growth during a 50 MB upload: %.1f MB", float64(growth)/(1<<20))
		if growth > 24<<20 {
			t.Fatalf("heap grew by %d bytes during a 50 MB upload: not streamed", growth)
		}
		out := r.json.(map[string]any)
		if field(out["contentVersion"], "ContentSize") != float64(size) {
			t.Fatalf("size: %v", field(out["contentVersion"], "ContentSize"))
		}

		versionID := out["contentVersion"].(map[string]any)["id"].(string)
		res = admin.stream("GET", download+versionID+"/VersionData", "", nil)
		defer res.Body.Close()
		got := sha256.New()
		n, _ := io.Copy(got, res.Body)
		if res.StatusCode != 200 || n != size || res.Header.Get("Content-Length") != fmt.Sprint(size) ||
			res.Header.Get("Content-Type") != "application/zip" || string(got.Sum(nil)) != string(sent.Sum(nil)) {
			t.Fatalf("download: %d, %d bytes, %v", res.StatusCode, n, res.Header)
		}
	})
}

// A client that goes away mid-body leaves no row and no stored byte.
func TestInterruptedUploadLeavesNothing(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		before := rows(t, s)
		conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		const boundary = "cutcutcut"
		head := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"fileData\"; filename=\"cut.zip\"\r\n" +
			"Content-Type: application/zip\r\n\r\n"
		bw := bufio.NewWriter(conn)
		fmt.Fprintf(bw, "POST %s/content-versions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"+
			"Content-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n%s",
			uploads, admin.token, boundary, 10<<20, head)
		pattern(bw, 3<<20, io.Discard) // 3 of the 10 MB announced
		bw.Flush()

		waitFor(t, "chunks stored while the body streams", func() bool { return rows(t, s)[3] >= before[3]+2 })
		conn.Close()
		waitFor(t, "the stored chunks removed", func() bool { return rows(t, s) == before })
		time.Sleep(100 * time.Millisecond)
		if after := rows(t, s); after != before {
			t.Fatalf("rows %v -> %v", before, after)
		}
	})
}

// stream sends a raw request, outside the harness on purpose: the harness holds a body whole as a string, and
// these tests must stream 50 MB from a pipe and hash the answer as it arrives to show the server never holds the
// file whole either. The caller closes the answer's body.
func (c *client) stream(method, path, contentType string, body io.Reader) *http.Response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.s.URL+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

func readAll(t *testing.T, res *http.Response) string {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}
