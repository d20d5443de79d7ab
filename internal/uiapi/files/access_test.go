package files_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// A file is visible to its owner and to whoever sees a record it is linked to, on every path that reads records:
// the UI API, sObject REST, SOQL, GraphQL and the download. Everyone else is answered as for an id that does not
// exist (404), guests 401.
func TestFilesFollowTheRecordsTheyAreLinkedTo(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, agent := signIn(t, s, "admin@example.com"), signIn(t, s, "support@example.com")
		// A case of an account the manager buys for (ManagedAccount), not her own.
		caseID := admin.ids("SELECT Id FROM Case WHERE AccountId = '" + demo.ManagedAccountIDs[0] + "' ORDER BY Id LIMIT 1")[0]
		lead := admin.send("POST", ui+"/records", "application/json", `{"apiName":"Lead","fields":{"LastName":"Lee","Company":"Leads Co"}}`)
		leadID := lead.json.(map[string]any)["id"].(string)

		// Each file by what it is linked to; "mine" is the support agent's own file, linked to nothing.
		docs, versions := map[string]string{}, map[string]string{}
		share := func(c *client, name, linkTo string) {
			parts := []part{{"fileData", name + ".txt", "file " + name}}
			if linkTo != "" {
				parts = append(parts, part{"firstPublishLocationId", "", linkTo})
			}
			out := c.upload(201, uploads+"/content-versions", parts...).json.(map[string]any)
			docs[name] = out["contentDocument"].(map[string]any)["id"].(string)
			versions[name] = out["contentVersion"].(map[string]any)["id"].(string)
		}
		share(admin, "accountA", demo.BuyerAccountID)
		share(admin, "accountB", demo.ManagerAccountID)
		share(admin, "case", caseID)
		share(admin, "lead", leadID)
		share(admin, "unlinked", "")
		// A product the buyer is entitled to: its files are the buyer's to see, and the manager's when she is too.
		productID := signIn(t, s, "buyer@example.com").ids("SELECT Id FROM Product2 ORDER BY Id LIMIT 1")[0]
		share(admin, "product", productID)
		managerSeesProduct := len(signIn(t, s, "manager@example.com").ids("SELECT Id FROM Product2 WHERE Id = '"+productID+"'")) == 1
		share(agent, "mine", "")

		all := []string{"accountA", "accountB", "case", "lead", "mine", "product", "unlinked"}
		sees := map[string][]string{
			"admin@example.com": all,
			// Reads accounts, cases, contacts and products, not leads.
			"support@example.com": {"accountA", "accountB", "case", "mine", "product"},
			// Reads accounts and products, not cases or leads.
			"merchandiser@example.com": {"accountA", "accountB", "product"},
			// Buyers: the files of the accounts they act for (their own; the manager's too, those she manages) and
			// of the products they are entitled to.
			"buyer@example.com":   {"accountA", "product"},
			"manager@example.com": {"accountB", "case"},
		}
		if managerSeesProduct {
			sees["manager@example.com"] = append(sees["manager@example.com"], "product")
		}
		in := "('" + strings.Join(mapped(all, docs), "','") + "')"
		for user, want := range sees {
			c := signIn(t, s, user)
			for _, name := range all {
				status := 404
				if slices.Contains(want, name) {
					status = 200
				}
				for _, path := range []string{ui + "/records/" + docs[name] + "?fields=ContentDocument.Title",
					ui + "/records/" + versions[name] + "?fields=ContentVersion.Title",
					"/services/data/v64.0/sobjects/ContentDocument/" + docs[name],
					download + versions[name] + "/VersionData"} {
					if got := c.send("GET", path, "", ""); got.status != status {
						t.Errorf("%s: GET %s (%s): %d, want %d: %s", user, path, name, got.status, status, got.body)
					}
				}
			}
			wantDocs := mapped(want, docs)
			slices.Sort(wantDocs)
			if got := c.ids("SELECT Id FROM ContentDocument WHERE Id IN " + in); !slices.Equal(got, wantDocs) {
				t.Errorf("%s: SOQL documents %v, want %v", user, got, wantDocs)
			}
			if got := c.ids("SELECT ContentDocumentId FROM ContentVersion WHERE ContentDocumentId IN " + in); !slices.Equal(got, wantDocs) {
				t.Errorf("%s: SOQL versions %v, want %v", user, got, wantDocs)
			}
			if got := c.graphQLDocs(in); !slices.Equal(got, wantDocs) {
				t.Errorf("%s: GraphQL documents %v, want %v", user, got, wantDocs)
			}
		}

		// A link is visible where its record is: the buyer sees account A's link and the product's, not the case's.
		buyer := signIn(t, s, "buyer@example.com")
		wantLinks := []string{demo.BuyerAccountID, productID}
		slices.Sort(wantLinks)
		if got := buyer.ids("SELECT LinkedEntityId FROM ContentDocumentLink WHERE ContentDocumentId IN " + in); !slices.Equal(got, wantLinks) {
			t.Errorf("buyer's links: %v", got)
		}
		// The agent may share a file they see with a case, and not one they do not see; buyers upload nothing.
		link := func(c *client, doc string) reply {
			return c.send("POST", ui+"/records", "application/json",
				`{"apiName":"ContentDocumentLink","fields":{"ContentDocumentId":"`+doc+`","LinkedEntityId":"`+caseID+`"}}`)
		}
		if got := link(agent, docs["mine"]); got.status != 201 {
			t.Errorf("agent links their file: %d %s", got.status, got.body)
		}
		if got := link(agent, docs["lead"]); got.status != 400 || !strings.Contains(string(got.body), "entity is deleted or does not exist") {
			t.Errorf("agent links a file they do not see: %d %s", got.status, got.body)
		}
		// Once shared with the case, the lead's file is the merchandiser's no more than before, and the agent's.
		if got := link(admin, docs["lead"]); got.status != 201 {
			t.Fatalf("admin links: %d %s", got.status, got.body)
		}
		if got := agent.send("GET", download+versions["lead"]+"/VersionData", "", ""); got.status != 200 {
			t.Errorf("agent after the link to a case: %d", got.status)
		}
		if got := signIn(t, s, "merchandiser@example.com").send("GET", download+versions["lead"]+"/VersionData", "", ""); got.status != 404 {
			t.Errorf("merchandiser after the link to a case: %d", got.status)
		}
		// Guests get nothing.
		for _, path := range []string{ui + "/records/" + docs["accountA"], download + versions["accountA"] + "/VersionData"} {
			if got := newReply(s.Call(t, "GET", path, "", "")); got.status != 401 {
				t.Errorf("guest GET %s: %d", path, got.status)
			}
		}
	})
}

// ids runs a SOQL query and returns its records' one field (an id), sorted.
func (c *client) ids(soql string) []string {
	c.t.Helper()
	r := c.send("GET", "/services/data/v64.0/query?q="+url.QueryEscape(soql), "", "")
	if r.status != 200 {
		c.t.Fatalf("%s: %d %s", soql, r.status, r.body)
	}
	out := []string{}
	for _, rec := range r.json.(map[string]any)["records"].([]any) {
		for k, v := range rec.(map[string]any) {
			if k != "attributes" {
				out = append(out, v.(string))
			}
		}
	}
	slices.Sort(out)
	return out
}

// graphQLDocs are the ids of the documents of the list in ("('a','b')") a GraphQL query answers.
func (c *client) graphQLDocs(in string) []string {
	c.t.Helper()
	ids := strings.Split(strings.Trim(in, "()'"), "','")
	list, _ := json.Marshal(ids)
	q := `{ uiapi { query { ContentDocument(first: 50, where: { Id: { in: ` + string(list) + ` } }) { edges { node { Id } } } } } }`
	body, _ := json.Marshal(map[string]string{"query": q})
	r := c.send("POST", "/services/data/v64.0/graphql", "application/json", string(body))
	root, _ := r.json.(map[string]any)
	if r.status != 200 || root["errors"] != nil {
		c.t.Fatalf("graphql: %d %s", r.status, r.body)
	}
	out := []string{}
	edges := root["data"].(map[string]any)["uiapi"].(map[string]any)["query"].(map[string]any)["ContentDocument"].(map[string]any)["edges"]
	for _, e := range edges.([]any) {
		out = append(out, e.(map[string]any)["node"].(map[string]any)["Id"].(string))
	}
	slices.Sort(out)
	return out
}

func mapped(names []string, by map[string]string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = by[n]
	}
	return out
}

// What a version measures is set by the engine from the stored bytes (hooks of ContentVersion): no caller sets or
// changes it, through any API, and a version is made only by an upload.
func TestFileMeasuresAreTheEngines(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		out := admin.upload(201, uploads+"/content-versions", part{"fileData", "a.txt", "hello"}).json.(map[string]any)
		docID := out["contentDocument"].(map[string]any)["id"].(string)
		versionID := out["contentVersion"].(map[string]any)["id"].(string)
		stored := func() string {
			return s.Rows(t, `SELECT v.filetype, v.fileextension, v.contentsize, v.versionnumber, v.pathonclient, d.contentsize,
				d.latestpublishedversionid FROM contentversion v JOIN contentdocument d ON d.id = v.contentdocumentid`)
		}
		before, rowsBefore := stored(), rows(t, s)
		if want := "TEXT|txt|5|1|a.txt|5|" + versionID; before != want {
			t.Fatalf("stored %q, want %q", before, want)
		}
		rest := "/services/data/v64.0/sobjects/"
		for _, c := range []struct{ method, path, body, code string }{
			{"PATCH", ui + "/records/" + versionID, `{"fields":{"ContentSize":1}}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"PATCH", ui + "/records/" + versionID, `{"fields":{"VersionNumber":"7"}}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"PATCH", ui + "/records/" + versionID, `{"fields":{"ContentDocumentId":"` + docID + `"}}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"PATCH", rest + "ContentVersion/" + versionID, `{"FileType":"PDF"}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"PATCH", rest + "ContentVersion/" + versionID, `{"PathOnClient":"b.exe"}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"PATCH", rest + "ContentDocument/" + docID, `{"ContentSize":1}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"PATCH", rest + "ContentDocument/" + docID, `{"LatestPublishedVersionId":null}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			{"POST", rest + "ContentVersion", `{"Title":"x","ContentDocumentId":"` + docID + `","ContentSize":1}`, "INVALID_FIELD_FOR_INSERT_UPDATE"},
			// A version without bytes: refused as Salesforce refuses one without VersionData.
			{"POST", rest + "ContentVersion", `{"Title":"x","ContentDocumentId":"` + docID + `"}`, "REQUIRED_FIELD_MISSING"},
			{"POST", ui + "/records", `{"apiName":"ContentVersion","fields":{"Title":"x"}}`, "REQUIRED_FIELD_MISSING"},
		} {
			got := admin.send(c.method, c.path, "application/json", c.body)
			if got.status != 400 || !strings.Contains(string(got.body), c.code) {
				t.Errorf("%s %s %s: %d %s, want 400 %s", c.method, c.path, c.body, got.status, got.body, c.code)
			}
		}
		query := `mutation { uiapi { ContentVersionUpdate(input: { Id: "` + versionID + `", ContentVersion: { ContentSize: 1 } }) { Record { Id } } } }`
		body, _ := json.Marshal(map[string]string{"query": query})
		if got := admin.send("POST", "/services/data/v64.0/graphql", "application/json", string(body)); !strings.Contains(string(got.body), `"errors"`) ||
			!strings.Contains(string(got.body), "ContentSize") {
			t.Errorf("GraphQL update of ContentSize: %d %s", got.status, got.body)
		}
		if after := stored(); after != before {
			t.Errorf("stored %q, then %q", before, after)
		}
		if after := rows(t, s); after != rowsBefore {
			t.Errorf("rows %v, then %v", rowsBefore, after)
		}
		// What callers may change, they change.
		if got := admin.send("PATCH", ui+"/records/"+versionID, "application/json", `{"fields":{"Description":"notes"}}`); got.status != 200 {
			t.Errorf("description: %d %s", got.status, got.body)
		}
	})
}
