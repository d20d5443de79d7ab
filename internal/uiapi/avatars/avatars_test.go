package avatars_test

import (
	"reflect"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
)

func TestAvatarBatch(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		acct := admin.create("Account", `{"Name":"Avatar Co"}`)
		contact := admin.create("Contact", `{"LastName":"Avatar","AccountId":"`+acct+`"}`)
		missing := "001000000009ZZZ" // well formed (15 characters), no such record

		// One item per id in order: Theme avatars (a 15-character id answers with its 18-character form), a
		// malformed id is a 400 item, an unknown one a 404 item, and hasErrors says so.
		got := admin.ok(200, "GET", "/record-avatars/batch/"+acct+","+contact[:15]+",nonsense,"+missing+"?formFactor=Small", "")
		want := map[string]any{"hasErrors": true, "results": []any{
			map[string]any{"statusCode": 200.0, "result": map[string]any{"recordId": acct, "type": "Theme",
				"backgroundColor": "7F8DE1", "iconUrl": "/img/icon/t4v35/standard/account_120.png", "eTag": eTagOf(got, 0)}},
			map[string]any{"statusCode": 200.0, "result": map[string]any{"recordId": contact, "type": "Theme",
				"backgroundColor": "7F8DE1", "iconUrl": "/img/icon/t4v35/standard/contact_120.png", "eTag": eTagOf(got, 1)}},
			map[string]any{"statusCode": 400.0, "result": []any{map[string]any{"errorCode": "MALFORMED_ID", "message": "Invalid record id: nonsense"}}},
			map[string]any{"statusCode": 404.0, "result": []any{map[string]any{"errorCode": "NOT_FOUND", "message": "The requested resource does not exist"}}},
		}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("batch:\n got %v\nwant %v", got, want)
		}
		if eTagOf(got, 0) == "" || eTagOf(got, 0) == eTagOf(got, 1) {
			t.Fatalf("eTags %q %q: each record's own", eTagOf(got, 0), eTagOf(got, 1))
		}

		// All found: hasErrors false.
		if got := admin.ok(200, "GET", "/record-avatars/batch/"+acct, ""); got["hasErrors"] != false {
			t.Fatalf("one good id: %v", got)
		}

		// A buyer does not see the admin's account: a 404 item, the same as a record that does not exist.
		buyer := signIn(t, s, "buyer@example.com")
		got = buyer.ok(200, "GET", "/record-avatars/batch/"+acct, "")
		if item := got["results"].([]any)[0].(map[string]any); item["statusCode"] != 404.0 || got["hasErrors"] != true {
			t.Fatalf("hidden record: %v", got)
		}

		// Bad requests.
		admin.fails(400, "INVALID_INPUT", "Invalid formFactor: Huge", "GET", "/record-avatars/batch/"+acct+"?formFactor=Huge", "")
		admin.fails(400, "INVALID_INPUT", "Too many record ids: 201", "GET", "/record-avatars/batch/"+strings.Repeat(acct+",", 201), "")
		if r := signIn(t, s, "").do("GET", "/record-avatars/batch/"+acct, ""); r.status != 401 {
			t.Fatalf("guest: %d", r.status)
		}
		if r := admin.do("DELETE", "/record-avatars/batch/"+acct, ""); r.status != 405 {
			t.Fatalf("DELETE: %d", r.status)
		}
	})
}

func eTagOf(batch map[string]any, i int) any {
	return batch["results"].([]any)[i].(map[string]any)["result"].(map[string]any)["eTag"]
}

func TestAvatarAssociation(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		acct := admin.create("Account", `{"Name":"Logo Co"}`)
		contact := admin.create("Contact", `{"LastName":"Photo"}`)
		path := "/record-avatars/" + contact[:15] + "/association"

		// Associating a photo makes a Photo avatar, answered and then read by the batch.
		photo := admin.ok(200, "POST", path, `{"actionType":"AssociateAvatar","photoUrl":"https://img.example.com/p.png",
			"externalId":"resp-1","blueMasterId":"bm-9","profileName":"LinkedIn"}`)
		want := map[string]any{"recordId": contact, "type": "Photo", "backgroundColor": "7F8DE1", "height": nil, "width": nil,
			"photoUrl": "https://img.example.com/p.png", "provider": "LinkedIn", "eTag": photo["eTag"],
			"photoMetadata": map[string]any{"companyBluemasterId": "bm-9", "responseId": "resp-1"}}
		if !reflect.DeepEqual(photo, want) || photo["eTag"] == "" {
			t.Fatalf("associate:\n got %v\nwant %v", photo, want)
		}
		batch := admin.ok(200, "GET", "/record-avatars/batch/"+contact+","+acct, "")
		if got := batch["results"].([]any)[0].(map[string]any)["result"]; !reflect.DeepEqual(got, want) {
			t.Fatalf("batch after associate: %v", got)
		}
		if got := batch["results"].([]any)[1].(map[string]any)["result"].(map[string]any)["type"]; got != "Theme" {
			t.Fatalf("another record keeps its Theme avatar: %v", got)
		}

		// A second association replaces the first; a path on this server is a photo URL too.
		again := admin.ok(200, "POST", path, `{"actionType":"AssociateAvatar","photoUrl":"/files/p2.png"}`)
		if again["photoUrl"] != "/files/p2.png" || again["provider"] != nil || again["eTag"] == photo["eTag"] {
			t.Fatalf("re-associate: %v", again)
		}

		// ReportLogo changes nothing; DisassociateAvatar gives the Theme avatar back.
		if got := admin.ok(200, "POST", path, `{"actionType":"ReportLogo"}`); got["type"] != "Photo" {
			t.Fatalf("ReportLogo: %v", got)
		}
		if got := admin.ok(200, "POST", path, `{"actionType":"DisassociateAvatar"}`); got["type"] != "Theme" || got["iconUrl"] != "/img/icon/t4v35/standard/contact_120.png" {
			t.Fatalf("disassociate: %v", got)
		}
		admin.ok(200, "POST", "/record-avatars/"+acct+"/association", `{"actionType":"AssociateAvatar","photoUrl":"https://logo.example.com/l.png"}`)
		if got := admin.ok(200, "POST", "/record-avatars/"+acct+"/association", `{"actionType":"RemoveLogo","type":"Theme"}`); got["type"] != "Theme" {
			t.Fatalf("RemoveLogo: %v", got)
		}

		// Every malformed configuration is the spec's message, and stores nothing.
		for _, body := range []string{
			`[]`,
			`{}`,
			`{"actionType":"Paint"}`,
			`{"actionType":"AssociateAvatar"}`,
			`{"actionType":"AssociateAvatar","photoUrl":""}`,
			`{"actionType":"AssociateAvatar","photoUrl":"javascript:alert(1)"}`,
			`{"actionType":"AssociateAvatar","photoUrl":"https://x.example.com/a.png","externalId":7}`,
			`{"actionType":"AssociateAvatar","photoUrl":"https://x.example.com/a.png","colour":"red"}`,
		} {
			admin.fails(400, "INVALID_INPUT", "updateRecordAvatar invalid configuration", "POST", path, body)
		}
		admin.fails(400, "INVALID_INPUT", "Invalid discriminatorValue: Banner", "POST", path,
			`{"actionType":"AssociateAvatar","photoUrl":"https://x.example.com/a.png","type":"Banner"}`)
		admin.fails(400, "JSON_PARSER_ERROR", "The request body is not valid JSON", "POST", path, `{"actionType":`)

		// Unknown and hidden records are 404 and change nothing.
		admin.fails(404, "NOT_FOUND", "The requested resource does not exist", "POST", "/record-avatars/001000000009ZZZ/association",
			`{"actionType":"DisassociateAvatar"}`)
		buyer := signIn(t, s, "buyer@example.com")
		buyer.fails(404, "NOT_FOUND", "The requested resource does not exist", "POST", "/record-avatars/"+acct+"/association",
			`{"actionType":"AssociateAvatar","photoUrl":"https://evil.example.com/x.png"}`)
		batch = admin.ok(200, "GET", "/record-avatars/batch/"+acct+","+contact, "")
		for _, item := range batch["results"].([]any) {
			if got := item.(map[string]any)["result"].(map[string]any)["type"]; got != "Theme" {
				t.Fatalf("after refused associations: %v", batch)
			}
		}
		if r := signIn(t, s, "").do("POST", path, `{"actionType":"DisassociateAvatar"}`); r.status != 401 {
			t.Fatalf("guest: %d", r.status)
		}
	})
}
