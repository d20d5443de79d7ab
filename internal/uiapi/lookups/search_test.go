package lookups_test

import (
	"reflect"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

type resultCollection struct {
	CurrentPageToken string
	NextPageToken    *string
	ObjectAPIName    string
	PageSize         int
	Records          []record
}

func TestSearch(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, buyer := s.Token(t, "admin@example.com"), s.Token(t, "buyer@example.com")

		t.Run("results", func(t *testing.T) {
			status, body := s.Send(t, admin, "POST", ui+"search/results?q=Northwind", `{"objectApiNames":["Account"],"answerTypes":["VIEW_ALL"]}`)
			checkType(t, "SearchResultsSummaryRepresentation", body)
			var out struct {
				Query         string
				ObjectResults []struct {
					ObjectAPIName       string
					KeywordSearchResult resultCollection
				}
			}
			decode(t, body, &out)
			if status != 200 || out.Query != "Northwind" || len(out.ObjectResults) != 1 ||
				!reflect.DeepEqual(names(out.ObjectResults[0].KeywordSearchResult.Records), northwind) {
				t.Errorf("one object: %d %s", status, body)
			}
			// Every searchable object when none is named; options per object.
			status, body = s.Send(t, admin, "POST", ui+"search/results?q=Northwind",
				`{"searchObjectOptions":{"Account":{"pageSize":1,"filters":[{"fieldPath":"Industry","operator":"eq","values":["Retail"]}]}}}`)
			checkType(t, "SearchResultsSummaryRepresentation", body)
			out.ObjectResults = nil
			decode(t, body, &out)
			found := map[string][]string{}
			for _, r := range out.ObjectResults {
				found[r.ObjectAPIName] = names(r.KeywordSearchResult.Records)
			}
			if status != 200 || !reflect.DeepEqual(found["Account"], []string{"Northwind Property Management"}) ||
				!reflect.DeepEqual(found["Opportunity"], []string{"Northwind - Campus Lighting Retrofit"}) {
				t.Errorf("every object: %d %v", status, found)
			}
		})

		t.Run("keyword", func(t *testing.T) {
			keyword := func(token, query, body string) (int, resultCollection, []byte) {
				t.Helper()
				status, out := s.Send(t, token, "POST", ui+"search/results/keyword?"+query, body)
				var v struct {
					KeywordSearchResult resultCollection
					ObjectAPIName       string
					Query               string
				}
				if status == 200 {
					checkType(t, "KeywordSearchResultsSummaryRepresentation", out)
					decode(t, out, &v)
				}
				return status, v.KeywordSearchResult, out
			}
			filter := `"filters":[{"fieldPath":"Industry","operator":"in","values":["Retail","Education"]}]`
			status, first, body := keyword(admin, "objectApiName=Account&q=Northwind", `{`+filter+`,"pageSize":1,"sortBy":"-Name"}`)
			if status != 200 || len(first.Records) != 1 || first.NextPageToken == nil || first.PageSize != 1 {
				t.Fatalf("first page: %d %s", status, body)
			}
			status, second, body := keyword(admin, "objectApiName=Account&q=Northwind", `{`+filter+`,"pageSize":1,"sortBy":"-Name","pageToken":"`+*first.NextPageToken+`"}`)
			if status != 200 || len(second.Records) != 1 || second.NextPageToken != nil {
				t.Fatalf("second page: %d %s", status, body)
			}
			got := []string{first.Records[0].Fields["Name"].Value.(string), second.Records[0].Fields["Name"].Value.(string)}
			if !reflect.DeepEqual(got, []string{northwind[2], northwind[1]}) && !reflect.DeepEqual(got, []string{northwind[1], northwind[2]}) {
				t.Errorf("pages: %v", got)
			}
			// Numbers and booleans filter too; no record here is in a data category.
			status, res, body := keyword(admin, "objectApiName=Account&q=Northwind",
				`{"filters":[{"fieldPath":"IsBuyer","operator":"eq","values":[true]},{"fieldPath":"NumberOfEmployees","operator":"ne","values":[5]}]}`)
			if status != 200 || len(res.Records) != 3 {
				t.Errorf("boolean and number filters: %d %s", status, body)
			}
			status, res, body = keyword(admin, "objectApiName=Account&q=Northwind",
				`{"dataCategories":[{"groupName":"Regions","operator":"below","values":["West"]}]}`)
			if status != 200 || len(res.Records) != 0 {
				t.Errorf("data categories: %d %s", status, body)
			}
			// The buyer finds what SOQL shows them.
			_, res, _ = keyword(buyer, "objectApiName=Account&q=Northwind", "")
			want := soqlIDs(t, s, buyer, "SELECT+Id+FROM+Account+WHERE+Name+LIKE+'%25Northwind%25'")
			if got := ids(res.Records); !reflect.DeepEqual(got, want) {
				t.Errorf("buyer finds %v, SOQL %v", got, want)
			}
		})

		t.Run("search info", func(t *testing.T) {
			status, body := s.Send(t, admin, "GET", ui+"search-info/Account/filters?channel=Console", "")
			checkType(t, "SearchFilterMetadataCollectionRepresentation", body)
			if status != 200 || !strings.Contains(string(body), `{"apiName":"Industry","attributes":{"affordance":"select"},"label":"Industry","type":"Picklist"}`) ||
				!strings.Contains(string(body), `"apiName":"ParentId"`) || strings.Contains(string(body), `"apiName":"Name"`) {
				t.Errorf("filters: %d %s", status, body)
			}
			status, body = s.Send(t, admin, "GET", ui+"search-info/Account/filters/Industry/options?q=TECH", "")
			checkType(t, "SearchFilterOptionCollectionRepresentation", body)
			if status != 200 || !strings.Contains(string(body), `"options":[{"label":"Technology","value":"Technology"}]`) {
				t.Errorf("picklist options: %d %s", status, body)
			}
			status, body = s.Send(t, admin, "GET", ui+"search-info/Account/filters/IsBuyer/options", "")
			if status != 200 || !strings.Contains(string(body), `"options":[{"label":"True","value":"true"},{"label":"False","value":"false"}]`) {
				t.Errorf("checkbox options: %d %s", status, body)
			}
			status, body = s.Send(t, admin, "GET", ui+"search-info/Account/filters/ParentId/options?q=Acme", "")
			checkType(t, "SearchFilterOptionCollectionRepresentation", body)
			if status != 200 || !strings.Contains(string(body), `{"label":"Acme Facilities Group","value":"`+demo.BuyerAccountID+`"}`) {
				t.Errorf("reference options: %d %s", status, body)
			}
			status, body = s.Send(t, admin, "GET", ui+"search-info/Contact/lookup/AccountId", "")
			checkType(t, "LookupMetadataRepresentation", body)
			if status != 200 || !strings.Contains(string(body), `"apiName":"Account"`) || !strings.Contains(string(body), `"nameFields":["Name"]`) {
				t.Errorf("lookup metadata: %d %s", status, body)
			}
			for _, path := range []string{"search-info/Account/filters/Name/options", "search-info/Account/filters/Nope/options",
				"search-info/NoSuchObject__c/filters", "search-info/Contact/lookup/LastName", "search-info/Contact/lookup/Nope"} {
				expectError(t, s, admin, "GET", ui+path, "", 404, "The requested resource does not exist")
			}
		})

		t.Run("errors", func(t *testing.T) {
			kw := ui + "search/results/keyword?objectApiName=Account&q=Northwind"
			for _, c := range []struct {
				path, body string
				status     int
				msg        string
			}{
				{ui + "search/results", "", 400, "q is required."},
				{ui + "search/results?q=a", "", 400, "search term must be longer than one character: a"},
				{ui + "search/results?q=Acme", `{"answerTypes":["ALL"]}`, 400, "Invalid answerType: ALL. Use VIEW_ALL, TOP_RESULTS, QNA or MRU."},
				{ui + "search/results?q=Acme", `{"answerTypes":"VIEW_ALL"}`, 400, "answerTypes must be a list of strings."},
				{ui + "search/results?q=Acme", `{"objectApiNames":"Account"}`, 400, "objectApiNames must be a list of strings."},
				{ui + "search/results?q=Acme", `{"objectApiNames":["NoSuchObject__c"]}`, 404, "The requested resource does not exist"},
				{ui + "search/results?q=Acme", `{"searchObjectOptions":[]}`, 400, "searchObjectOptions must be an object of object names to options."},
				{ui + "search/results?q=Acme", `{"configurationName":1}`, 400, "configurationName must be a string."},
				{ui + "search/results/keyword?q=Acme", "", 400, "objectApiName is required."},
				{ui + "search/results/keyword?objectApiName=Account", "", 400, "q is required."},
				{kw, `{"filters":{}}`, 400, "filters must be a list of objects with fieldPath, operator and values."},
				{kw, `{"filters":[{"operator":"eq","values":["x"]}]}`, 400, "filters[0].fieldPath must be a non-empty string."},
				{kw, `{"filters":[{"fieldPath":"Industry","operator":"between","values":["x"]}]}`, 400, "filters[0].operator must be one of eq, ne, lt, lte, gt, gte, in, notin, like."},
				{kw, `{"filters":[{"fieldPath":"Industry","operator":"eq","values":[]}]}`, 400, "filters[0].values must be a non-empty list."},
				{kw, `{"filters":[{"fieldPath":"Industry","operator":"eq","values":[{"a":1}]}]}`, 400, "filters[0].values must hold strings, numbers or booleans."},
				{kw, `{"filters":[{"fieldPath":"Industry","operator":"eq","values":[null]}]}`, 400, "filters[0].values must hold strings, numbers or booleans."},
				{kw, `{"filters":[{"fieldPath":"Industry","objectApiName":"Lead","operator":"eq","values":["x"]}]}`, 400, "The filter on Industry names the object Lead, not Account."},
				{kw, `{"filters":[{"fieldPath":"Industry","operator":"lt","values":["a","b"]}]}`, 400, "The operator lt takes one value."},
				{kw, `{"dataCategories":[{"groupName":"G","operator":"at","values":[1]}]}`, 400, "dataCategories[0].values must be a list of strings."},
				{kw, `{"dataCategories":[{"operator":"at","values":[]}]}`, 400, "dataCategories[0].groupName must be a non-empty string."},
				{kw, `{"pageSize":0}`, 400, "pageSize must be a whole number from 1 to 200."},
				{kw, `{"pageSize":"10"}`, 400, "pageSize must be a whole number from 1 to 200."},
				{kw, `{"pageToken":"zzz"}`, 400, "Invalid pageToken: zzz"},
				{kw, `{"pageSize":`, 400, "The request body is not valid JSON: unexpected EOF"},
				{kw, `{"sortBy":5}`, 400, "sortBy must be a field name or a list of field names."},
				{kw, `[1]`, 400, "The request body must be a JSON object."},
			} {
				expectError(t, s, admin, "POST", c.path, c.body, c.status, c.msg)
			}
			for _, body := range []string{`{"filters":[{"fieldPath":"Nope","operator":"eq","values":["x"]}]}`, `{"sortBy":"Nope"}`} {
				status, out := s.Send(t, admin, "POST", kw, body)
				if status != 400 || !strings.Contains(string(out), "INVALID_FIELD") {
					t.Errorf("%s: %d %s", body, status, out)
				}
			}
			if status, _ := s.Send(t, "", "POST", kw, ""); status != 401 {
				t.Errorf("guest: %d", status)
			}
			if status, _ := s.Send(t, admin, "GET", kw, ""); status != 405 {
				t.Errorf("GET keyword: %d", status)
			}
		})
	})
}
