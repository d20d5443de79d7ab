package avatars_test

import (
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// shareFile uploads a file shared with the record and returns the version id.
func (c *client) shareFile(name, content, recordID string) string {
	c.t.Helper()
	ct, body := apitest.Multipart(apitest.Part{Name: "fileData", File: name, Value: content},
		apitest.Part{Name: "firstPublishLocationId", Value: recordID})
	var out struct {
		ContentVersion struct{ ID string } `json:"contentVersion"`
	}
	c.s.Call(c.t, "POST", ui+"/records/content-documents/content-versions", c.token, body, "Content-Type", ct).
		Decode(c.t, "upload "+name, 201, &out)
	return out.ContentVersion.ID
}

// A Contact with an image file shared with it shows that image as its photo; other files do not count, and an
// associated photo comes first.
func TestPhotoFromImageFile(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		contact := admin.create("Contact", `{"LastName":"Pictured"}`)
		acct := admin.create("Account", `{"Name":"Not a person"}`)
		admin.shareFile("notes.csv", "a,b", contact)
		admin.shareFile("logo.png", "\x89PNG logo", acct) // accounts take no photo from files
		batch := admin.ok(200, "GET", "/record-avatars/batch/"+contact+","+acct, "")
		for _, item := range batch["results"].([]any) {
			if got := item.(map[string]any)["result"].(map[string]any)["type"]; got != "Theme" {
				t.Fatalf("without an image: %v", batch)
			}
		}

		version := admin.shareFile("face.png", "\x89PNG face", contact)
		got := admin.ok(200, "GET", "/record-avatars/batch/"+contact, "")["results"].([]any)[0].(map[string]any)["result"].(map[string]any)
		url := "/services/data/v64.0/sobjects/ContentVersion/" + version + "/VersionData"
		if got["type"] != "Photo" || got["photoUrl"] != url || got["height"] != nil {
			t.Fatalf("photo from file: %v", got)
		}
		if r := admin.do("GET", url, ""); r.status != 200 || string(r.body) != "\x89PNG face" || r.header.Get("Content-Type") != "image/png" {
			t.Fatalf("the photo's URL: %d %v", r.status, r.header)
		}

		photo := admin.ok(200, "POST", "/record-avatars/"+contact+"/association", `{"actionType":"AssociateAvatar","photoUrl":"https://img.example.com/x.png"}`)
		if photo["photoUrl"] != "https://img.example.com/x.png" {
			t.Fatalf("an associated photo comes first: %v", photo)
		}
	})
}
