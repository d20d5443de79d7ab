package lists

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/recordsapi"
)

// params are what a list-records or list-ui call asks: given as query parameters (GET) or as the body of
// POST /list-records/{objectApiName}/{listViewApiName}.
type params struct {
	Fields, Optional, SortBy []string
	PageSize, Start          int
	SearchTerm, Where        string
	sortGiven                bool
}

// queryParams reads the GET form: fields, optionalFields, sortBy (comma-joined), pageSize, pageToken.
func queryParams(r *http.Request) (*params, error) {
	q := r.URL.Query()
	p := &params{Fields: recordsapi.SplitList(q["fields"]...), Optional: recordsapi.SplitList(q["optionalFields"]...),
		SortBy: recordsapi.SplitList(q["sortBy"]...), SearchTerm: q.Get("searchTerm"), Where: q.Get("where")}
	p.sortGiven = len(p.SortBy) > 0
	var err error
	p.PageSize, p.Start, err = pageOf(q.Get("pageSize"), q.Get("pageToken"), defaultRecordPageSize)
	return p, err
}

// bodyParams reads the POST form, each key with its type: fields, optionalFields and sortBy lists of strings (sortBy
// also a comma-joined string), pageSize a whole number, pageToken, searchTerm and where strings.
func bodyParams(w http.ResponseWriter, r *http.Request) (*params, error) {
	raw, err := httpx.ReadBody(w, r)
	if err != nil {
		return nil, err
	}
	var body map[string]any
	if len(strings.TrimSpace(string(raw))) > 0 { // no body: every parameter at its default
		if err := httpx.DecodeJSONBytes(raw, &body); err != nil {
			return nil, err
		}
	}
	bad := func(format string, args ...any) error { return httpx.BadRequest("INVALID_INPUT", format, args...) }
	p := &params{PageSize: defaultRecordPageSize}
	size, token := "", ""
	for k, v := range body {
		var err error
		switch k {
		case "fields":
			p.Fields, err = stringList(k, v)
		case "optionalFields":
			p.Optional, err = stringList(k, v)
		case "sortBy":
			if s, ok := v.(string); ok {
				p.SortBy = recordsapi.SplitList(s)
			} else {
				p.SortBy, err = stringList(k, v)
			}
			p.sortGiven = len(p.SortBy) > 0
		case "pageSize":
			n, ok := wholeNumber(v)
			if !ok {
				return nil, bad("pageSize must be a whole number")
			}
			size = itoa(n)
		case "pageToken", "searchTerm", "where":
			s, ok := v.(string)
			if !ok && v != nil {
				return nil, bad("%s must be a string", k)
			}
			switch k {
			case "pageToken":
				token = s
			case "searchTerm":
				p.SearchTerm = s
			default:
				p.Where = s
			}
		default:
			return nil, bad("Unrecognized field in the request body: %s", k)
		}
		if err != nil {
			return nil, err
		}
	}
	p.PageSize, p.Start, err = pageOf(size, token, defaultRecordPageSize)
	return p, err
}

// stringList reads a JSON list of strings, refusing any other shape.
func stringList(name string, v any) ([]string, error) {
	list, ok := v.([]any)
	if v == nil {
		return nil, nil
	}
	if !ok {
		return nil, httpx.BadRequest("INVALID_INPUT", "%s must be a list of strings", name)
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, httpx.BadRequest("INVALID_INPUT", "%s must be a list of strings", name)
		}
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// wholeNumber reads a JSON whole number (bodies are decoded with json.Number, so 240 and 240.0 differ from 12.5).
func wholeNumber(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n.String())
	return i, err == nil
}
