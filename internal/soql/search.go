package soql

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Text search: SOSL (GET search?q=FIND {term} IN ALL FIELDS RETURNING Account(Id, Name)) and parameterizedSearch
// (GET with parameters, POST with a JSON body). Each object searched is one SOQL query over the same compiler, so a
// search sees exactly the rows and fields a query would: the term's words must each appear (case-insensitively,
// * and ? as wildcards) in one of the object's searched text fields. Answers are {"searchRecords":[...]}, objects
// in the order asked, each object's rows in its own ORDER BY.

// CodeMalformedSearch and CodeInvalidSearch are SOSL's error codes.
const (
	CodeMalformedSearch = "MALFORMED_SEARCH"
	CodeInvalidSearch   = "INVALID_SEARCH"
)

// defaultSearchLimit is the most rows a search answers when it names no limit, as in Salesforce.
const defaultSearchLimit = 2000

// search is a parsed search: the term, the fields searched and the objects with their query (fields, WHERE,
// ORDER BY, LIMIT) before the term's condition joins it.
type search struct {
	term    string
	scope   string // ALL, NAME, EMAIL or PHONE
	objects []*Query
	limit   int64
}

// SearchResult is the answer of search and parameterizedSearch.
type SearchResult struct {
	SearchRecords []*recordsapi.Object `json:"searchRecords"`
}

// Search answers GET search?q=<SOSL>.
func (h *Handler) Search() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		s, err := parseSOSL(r.URL.Query().Get("q"))
		if err != nil {
			return err
		}
		return h.runSearch(w, r, actor, s)
	})
}

// ParameterizedSearch answers GET parameterizedSearch?q=...&sobject=...&Account.fields=... and POST
// parameterizedSearch with {"q", "in", "fields", "sobjects":[{"name","fields","limit"}], "overallLimit",
// "defaultLimit"}.
func (h *Handler) ParameterizedSearch() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		var in paramSearch
		if r.Method == http.MethodPost {
			if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, httpx.MaxBody)).Decode(&in); err != nil {
				return httpx.BadRequest("JSON_PARSER_ERROR", "The request body is not valid JSON: %s", err)
			}
		} else {
			in = paramSearchFromURL(r)
		}
		s, err := in.search()
		if err != nil {
			return err
		}
		return h.runSearch(w, r, actor, s)
	})
}

// paramSearch is parameterizedSearch's input.
type paramSearch struct {
	Q            string   `json:"q"`
	In           string   `json:"in"`
	Fields       []string `json:"fields"`
	OverallLimit int64    `json:"overallLimit"`
	DefaultLimit int64    `json:"defaultLimit"`
	SObjects     []struct {
		Name   string   `json:"name"`
		Fields []string `json:"fields"`
		Limit  int64    `json:"limit"`
	} `json:"sobjects"`
}

func paramSearchFromURL(r *http.Request) paramSearch {
	v := r.URL.Query()
	list := recordsapi.SplitList
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	in := paramSearch{Q: v.Get("q"), In: v.Get("in"), Fields: list(v.Get("fields")),
		OverallLimit: num(v.Get("overallLimit")), DefaultLimit: num(v.Get("defaultLimit"))}
	for _, names := range v["sobject"] {
		for _, name := range list(names) {
			in.SObjects = append(in.SObjects, struct {
				Name   string   `json:"name"`
				Fields []string `json:"fields"`
				Limit  int64    `json:"limit"`
			}{Name: name, Fields: list(v.Get(name + ".fields")), Limit: num(v.Get(name + ".limit"))})
		}
	}
	return in
}

// search turns parameterizedSearch's input into a search, each object's query written in SOQL.
func (in paramSearch) search() (*search, *httpx.Error) {
	if strings.TrimSpace(in.Q) == "" {
		return nil, httpx.BadRequest(CodeMalformedSearch, "Missing or empty required parameter: q")
	}
	s := &search{term: in.Q, scope: "ALL", limit: defaultSearchLimit}
	if in.In != "" {
		s.scope = strings.ToUpper(in.In)
		if strings.HasSuffix(s.scope, " FIELDS") {
			s.scope = strings.TrimSuffix(s.scope, " FIELDS")
		}
		if !validScope(s.scope) {
			return nil, httpx.BadRequest(CodeInvalidSearch, "Invalid value for parameter 'in': %s", in.In)
		}
	}
	if in.OverallLimit > 0 {
		s.limit = min(in.OverallLimit, defaultSearchLimit)
	}
	for _, o := range in.SObjects {
		fields := o.Fields
		if len(fields) == 0 {
			fields = in.Fields
		}
		if len(fields) == 0 {
			fields = []string{"Id"}
		}
		soql := "SELECT " + strings.Join(fields, ", ") + " FROM " + o.Name
		if limit := max(o.Limit, in.DefaultLimit); limit > 0 {
			soql += " LIMIT " + strconv.FormatInt(limit, 10)
		}
		q, err := Parse(soql)
		if err != nil {
			return nil, httpx.BadRequest(err.Code, "%s", err.Msg)
		}
		s.objects = append(s.objects, q)
	}
	return s, nil
}

func validScope(s string) bool { return s == "ALL" || s == "NAME" || s == "EMAIL" || s == "PHONE" }

// parseSOSL reads FIND {term} [IN scope FIELDS] [RETURNING Object[(fields [WHERE ...] [ORDER BY ...] [LIMIT n])],
// ...] [LIMIT n].
func parseSOSL(src string) (*search, *httpx.Error) {
	bad := func(msg string) *httpx.Error { return httpx.BadRequest(CodeMalformedSearch, "%s", msg) }
	rest := strings.TrimSpace(src)
	if len(rest) < 4 || !strings.EqualFold(rest[:4], "FIND") {
		return nil, bad("No search term found. The search term must be enclosed in braces.")
	}
	rest = strings.TrimSpace(rest[4:])
	if !strings.HasPrefix(rest, "{") {
		return nil, bad("No search term found. The search term must be enclosed in braces.")
	}
	end := -1
	for i := 1; i < len(rest); i++ {
		if rest[i] == '\\' {
			i++
			continue
		}
		if rest[i] == '}' {
			end = i
			break
		}
	}
	if end < 0 {
		return nil, bad("No search term found. The search term must be enclosed in braces.")
	}
	s := &search{term: rest[1:end], scope: "ALL", limit: defaultSearchLimit}
	rest = rest[end+1:]
	toks, lerr := lex(rest)
	if lerr != nil {
		return nil, bad(lerr.Msg)
	}
	p := &parser{toks: toks}
	unexpected := func() *httpx.Error { return bad(p.unexpected(p.peek()).Msg) }
	if p.accept("IN") {
		t := p.advance()
		s.scope = strings.ToUpper(t.text)
		if t.kind != tokIdent || !validScope(s.scope) || !p.accept("FIELDS") {
			return nil, bad("unexpected token: '" + t.text + "'")
		}
	}
	if p.accept("RETURNING") {
		for {
			name := p.advance()
			if name.kind != tokIdent {
				return nil, bad("unexpected token: '" + name.text + "'")
			}
			soql := "SELECT Id FROM " + name.text
			if p.peek().kind == tokLParen {
				open := p.advance()
				depth, closeAt := 1, -1
				for p.peek().kind != tokEOF {
					t := p.advance()
					if t.kind == tokLParen {
						depth++
					} else if t.kind == tokRParen {
						if depth--; depth == 0 {
							closeAt = t.pos
							break
						}
					}
				}
				if closeAt < 0 {
					return nil, bad("unexpected token: '('")
				}
				inner := rest[open.pos+1 : closeAt]
				fields, clauses := splitClauses(inner)
				soql = "SELECT " + fields + " FROM " + name.text + " " + clauses
			}
			q, err := Parse(soql)
			if err != nil {
				return nil, httpx.BadRequest(CodeMalformedSearch, "%s", err.Msg)
			}
			s.objects = append(s.objects, q)
			if p.peek().kind != tokComma {
				break
			}
			p.advance()
		}
	}
	if p.accept("LIMIT") {
		t := p.advance()
		n, err := strconv.ParseInt(t.text, 10, 64)
		if t.kind != tokNumber || err != nil || n < 1 {
			return nil, bad("unexpected token: '" + t.text + "'")
		}
		s.limit = min(n, defaultSearchLimit)
	}
	if p.peek().kind != tokEOF {
		return nil, unexpected()
	}
	return s, nil
}

// splitClauses splits the inside of RETURNING Object(...) into its field list and its clauses (from the first
// WHERE, ORDER BY, LIMIT or OFFSET outside parentheses).
func splitClauses(inner string) (fields, clauses string) {
	toks, err := lex(inner)
	if err != nil {
		return inner, ""
	}
	depth := 0
	for _, t := range toks {
		switch {
		case t.kind == tokLParen:
			depth++
		case t.kind == tokRParen:
			depth--
		case depth == 0 && (isKeyword(t, "WHERE") || isKeyword(t, "ORDER") || isKeyword(t, "LIMIT") || isKeyword(t, "OFFSET")):
			fields, clauses = inner[:t.pos], inner[t.pos:]
			if strings.TrimSpace(fields) == "" {
				fields = "Id"
			}
			return fields, clauses
		}
	}
	if strings.TrimSpace(inner) == "" {
		return "Id", ""
	}
	return inner, ""
}

// words are the term's search words as LIKE patterns: split on spaces (a "quoted phrase" stays one), the SOSL
// operator words dropped, * and ? as wildcards, a backslash escaping the next character.
func words(term string) []string {
	var out []string
	var b strings.Builder
	quoted, chars := false, 0
	flush := func() {
		if w := b.String(); w != "" && chars > 0 {
			out = append(out, "%"+w+"%")
		}
		b.Reset()
		chars = 0
	}
	for i := 0; i < len(term); i++ {
		c := term[i]
		switch {
		case c == '\\' && i+1 < len(term):
			i++
			b.WriteString(records.EscapeLike(term[i : i+1]))
			chars++
		case c == '"':
			quoted = !quoted
			if !quoted {
				flush()
			}
		case (c == ' ' || c == '\t') && !quoted:
			if w := strings.ToUpper(b.String()); w == "AND" || w == "OR" || w == "NOT" {
				b.Reset()
				chars = 0
			}
			flush()
		case c == '*':
			b.WriteByte('%')
		case c == '?':
			b.WriteByte('_')
		default:
			b.WriteString(records.EscapeLike(string(c)))
			chars++
		}
	}
	if w := strings.ToUpper(b.String()); w == "AND" || w == "OR" || w == "NOT" {
		b.Reset()
	}
	flush()
	return out
}

// searchedFields are the fields of o a scope searches that the caller may read: ALL the text fields, NAME the name
// field, EMAIL and PHONE the fields of that type.
func searchedFields(e *records.Engine, o *records.Object, scope string, actor *identity.Principal) []string {
	var out []string
	for i := range o.Fields {
		f := &o.Fields[i]
		if !f.HasColumn() || !e.FieldReadable(actor, o, f) {
			continue
		}
		var in bool
		switch scope {
		case "NAME":
			in = f.NameField
		case "EMAIL":
			in = f.Type == records.TypeEmail
		case "PHONE":
			in = f.Type == records.TypePhone
		default:
			switch f.Type {
			case records.TypeText, records.TypeTextArea, records.TypeEmail, records.TypePhone, records.TypeURL:
				in = true
			}
		}
		if in {
			out = append(out, f.APIName)
		}
	}
	return out
}

// runSearch runs each object's query with the term's condition added, within the overall limit.
func (h *Handler) runSearch(w http.ResponseWriter, r *http.Request, actor *identity.Principal, s *search) error {
	pats := words(s.term)
	if TermTooShort(s.term) {
		return httpx.BadRequest(CodeInvalidSearch, "search term must be longer than one character: %s", s.term)
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.timeout())
	defer cancel()
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return queryError(ctx, err)
	}
	objects := s.objects
	if objects == nil { // no RETURNING: every searchable object the caller may read, ids only
		for _, o := range cat.Objects() {
			if o.Searchable && o.Queryable && h.Engine.CanRead(actor, o) {
				objects = append(objects, &Query{Select: []SelectItem{{Field: &Path{Parts: []Name{{Text: "Id"}}}}},
					From: Name{Text: o.APIName}})
			}
		}
	}
	out := SearchResult{SearchRecords: []*recordsapi.Object{}}
	remaining := s.limit
	for _, q := range objects {
		if remaining <= 0 {
			break
		}
		o := cat.Object(q.From.Text)
		if o == nil || !o.Queryable || !h.Engine.CanRead(actor, o) {
			return httpx.BadRequest(CodeInvalidType, "sObject type '%s' is not supported.", q.From.Text)
		}
		fields := searchedFields(h.Engine, o, s.scope, actor)
		if len(fields) == 0 || len(pats) == 0 {
			continue
		}
		q.Where = andTerms(matchCondition(pats, fields), q.Where)
		plan, cerr := Compile(q, cat, h.Engine, actor, h.Engine.DB.Dialect, h.now())
		if cerr != nil {
			return httpx.BadRequest(cerr.Code, "%s", cerr.Msg)
		}
		recs, err := plan.Rows(ctx, h.Engine.DB, recordsapi.Version(r), 0, remaining)
		if err != nil {
			return queryError(ctx, err)
		}
		out.SearchRecords = append(out.SearchRecords, recs...)
		remaining -= int64(len(recs))
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// matchCondition is every word found in one of the fields: (f1 LIKE w1 OR f2 LIKE w1) AND (...).
func matchCondition(pats, fields []string) Expr {
	var all []Expr
	for _, pat := range pats {
		var any []Expr
		for _, f := range fields {
			any = append(any, &Cond{Field: Path{Parts: []Name{{Text: f}}}, Op: "LIKE",
				Value: &Value{Kind: ValString, Text: pat, Like: pat}})
		}
		if len(any) == 1 {
			all = append(all, any[0])
		} else {
			all = append(all, &Logic{Op: "OR", Terms: any})
		}
	}
	return andTerms(all...)
}

// andTerms joins conditions with AND, leaving out nil ones.
func andTerms(terms ...Expr) Expr {
	var kept []Expr
	for _, t := range terms {
		if t != nil {
			kept = append(kept, t)
		}
	}
	switch len(kept) {
	case 0:
		return nil
	case 1:
		return kept[0]
	}
	return &Logic{Op: "AND", Terms: kept}
}
