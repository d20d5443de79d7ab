package files_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apptest"
)

func TestUploadVersionsAndDownload(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		acct := admin.send("POST", ui+"/records", "application/json", `{"apiName":"Account","fields":{"Name":"Files Co"}}`)
		acctID := acct.json.(map[string]any)["id"].(string)
		before := rows(t, s)

		// A new file shared with a record: the document, its first version and the link, in one answer.
		r := admin.upload(201, uploads+"/content-versions", part{"title", "", "Price sheet"}, part{"description", "", "2026 prices"},
			part{"fileData", "prices.csv", "sku,price\nA,1\n"}, part{"firstPublishLocationId", "", acctID[:15]})
		out := r.json.(map[string]any)
		doc, version := out["contentDocument"], out["contentVersion"]
		links := out["contentDocumentLinks"].([]any)
		versionID := version.(map[string]any)["id"].(string)
		docID := doc.(map[string]any)["id"].(string)
		for name, want := range map[string]any{"Title": "Price sheet", "FileType": "CSV", "FileExtension": "csv",
			"ContentSize": 14.0, "Description": "2026 prices", "LatestPublishedVersionId": versionID} {
			if got := field(doc, name); got != want {
				t.Fatalf("document %s = %v, want %v", name, got, want)
			}
		}
		for name, want := range map[string]any{"Title": "Price sheet", "VersionNumber": "1", "ContentDocumentId": docID,
			"PathOnClient": "prices.csv", "ContentSize": 14.0, "FileType": "CSV"} {
			if got := field(version, name); got != want {
				t.Fatalf("version %s = %v, want %v", name, got, want)
			}
		}
		if len(links) != 1 || field(links[0], "LinkedEntityId") != acctID || field(links[0], "ShareType") != "V" ||
			field(links[0], "Visibility") != "AllUsers" || field(links[0], "ContentDocumentId") != docID {
			t.Fatalf("links: %v", links)
		}
		if after := rows(t, s); after[0] != before[0]+1 || after[1] != before[1]+1 || after[2] != before[2]+1 || after[3] != before[3]+1 {
			t.Fatalf("rows %v -> %v", before, after)
		}

		// The data comes back with its type and length.
		got := admin.send("GET", download+versionID[:15]+"/VersionData", "", "")
		if got.status != 200 || string(got.body) != "sku,price\nA,1\n" || got.header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			got.header.Get("Content-Length") != "14" || got.header.Get("Content-Disposition") != `attachment; filename=prices.csv` {
			t.Fatalf("download: %d %v %q", got.status, got.header, got.body)
		}

		// A new version: numbered 2, the document's latest, the first one still served; the title defaults to the name.
		r = admin.upload(201, uploads+"/"+docID+"/content-versions", part{"fileData", "prices-v2.pdf", "%PDF-1.4 tiny"})
		out = r.json.(map[string]any)
		v2 := out["contentVersion"].(map[string]any)["id"].(string)
		if field(out["contentVersion"], "VersionNumber") != "2" || field(out["contentDocument"], "LatestPublishedVersionId") != v2 ||
			field(out["contentDocument"], "FileType") != "PDF" || field(out["contentVersion"], "Title") != "prices-v2" ||
			len(out["contentDocumentLinks"].([]any)) != 1 {
			t.Fatalf("new version: %s", r.body)
		}
		if got := admin.send("GET", download+v2+"/VersionData", "", ""); string(got.body) != "%PDF-1.4 tiny" || got.header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("v2: %v %q", got.header, got.body)
		}
		if got := admin.send("GET", download+versionID+"/VersionData", "", ""); string(got.body) != "sku,price\nA,1\n" {
			t.Fatalf("v1 after v2: %q", got.body)
		}

		// Files are records: the engine's read and its visibility. A buyer sees neither the file nor its data.
		buyer := signIn(t, s, "buyer@example.com")
		if got := buyer.send("GET", download+versionID+"/VersionData", "", ""); got.status != 404 {
			t.Fatalf("buyer download: %d %s", got.status, got.body)
		}
		if got := admin.send("GET", ui+"/records/"+docID+"?fields=ContentDocument.Title", "", ""); got.status != 200 {
			t.Fatalf("document as a record: %d %s", got.status, got.body)
		}
		for _, bad := range []string{"068000000000000", "nonsense", docID} {
			if got := admin.send("GET", download+bad+"/VersionData", "", ""); got.status != 404 {
				t.Fatalf("download %s: %d", bad, got.status)
			}
		}

		// Deleting the document deletes its versions, links and stored bytes.
		if got := admin.send("DELETE", ui+"/records/"+docID, "", ""); got.status != 204 {
			t.Fatalf("delete: %d %s", got.status, got.body)
		}
		if after := rows(t, s); after != before {
			t.Fatalf("after delete: rows %v, want %v", after, before)
		}
		if got := admin.send("GET", download+versionID+"/VersionData", "", ""); got.status != 404 {
			t.Fatalf("download after delete: %d", got.status)
		}
	})
}

func TestUploadRefusals(t *testing.T) {
	t.Setenv("STOREFRONT_MAX_UPLOAD_BYTES", "1000")
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		doc := admin.upload(201, uploads+"/content-versions", part{"fileData", "a.txt", "hello"}).json.(map[string]any)
		docID := doc["contentDocument"].(map[string]any)["id"].(string)
		before := rows(t, s)

		check := func(path string, status int, code, message string, parts ...part) {
			t.Helper()
			ct, body := form(parts...)
			fails(t, admin.send("POST", path, ct, body), status, code, message)
			if after := rows(t, s); after != before {
				t.Fatalf("%s: rows %v -> %v", message, before, after)
			}
		}
		newDoc, newVersion := uploads+"/content-versions", uploads+"/"+docID+"/content-versions"
		// fileData is required, as a file, once.
		check(newDoc, 400, "INVALID_INPUT", "Invalid config for createContentDocumentAndVersion: fileData is required", part{"title", "", "x"})
		check(newVersion, 400, "INVALID_INPUT", "Invalid config for createContentVersion: fileData is required", part{"title", "", "x"})
		check(newDoc, 400, "INVALID_INPUT", "Invalid config for createContentDocumentAndVersion: fileData must be a file", part{"fileData", "", "x"})
		check(newDoc, 400, "INVALID_INPUT", "Invalid config for createContentDocumentAndVersion: fileData is given twice",
			part{"fileData", "a.txt", "x"}, part{"fileData", "b.txt", "y"})
		check(newDoc, 400, "INVALID_INPUT", "Invalid config for createContentDocumentAndVersion: unknown part 'colour'",
			part{"fileData", "a.txt", "x"}, part{"colour", "", "red"})
		fails(t, admin.send("POST", newDoc, "application/json", `{"fileData":"x"}`), 400, "INVALID_INPUT",
			"Invalid config for createContentDocumentAndVersion: the body must be multipart/form-data")
		// A multipart body passes the server's text check unread, so its text parts are checked here.
		check(newDoc, 400, "INVALID_API_INPUT", "The request's body holds a NUL character", part{"fileData", "a.txt", "x"}, part{"title", "", "a\x00b"})
		// Types outside the allow list, and sizes over the limit (1000 bytes here), are 400 and store nothing.
		check(newDoc, 400, "INVALID_TYPE", "Files of type '.exe' may not be uploaded.", part{"fileData", "setup.exe", "MZ"})
		check(newDoc, 400, "INVALID_TYPE", "Files of type '.' may not be uploaded.", part{"fileData", "README", "x"})
		check(newDoc, 400, "FILE_TOO_LARGE", "The file is larger than the limit of 1000 bytes.", part{"fileData", "big.txt", strings.Repeat("x", 1001)})
		check(newVersion, 400, "FILE_TOO_LARGE", "The file is larger than the limit of 1000 bytes.", part{"fileData", "big.txt", strings.Repeat("x", 1001)})
		admin.upload(201, newDoc, part{"fileData", "edge.txt", strings.Repeat("x", 1000)}) // exactly the limit
		before = rows(t, s)
		// A link to a record that does not exist is refused by the engine, and the file goes with it.
		ct, body := form(part{"fileData", "a.txt", "x"}, part{"firstPublishLocationId", "", "001000000009ZZZ"})
		if r := admin.send("POST", newDoc, ct, body); r.status != 400 || !strings.Contains(string(r.body), "entity is deleted or does not exist") {
			t.Fatalf("link to nothing: %d %s", r.status, r.body)
		}
		if after := rows(t, s); after != before {
			t.Fatalf("link to nothing: rows %v -> %v", before, after)
		}
		// Unknown documents are 404; callers without the right to upload, 403.
		fails(t, admin.send("POST", uploads+"/069000000000000/content-versions", "", ""), 404, "NOT_FOUND", "The requested resource does not exist")
		ct, body = form(part{"fileData", "a.txt", "x"})
		fails(t, signIn(t, s, "buyer@example.com").send("POST", newDoc, ct, body), 403, "INSUFFICIENT_ACCESS", "You do not have access to upload files")
	})
}
