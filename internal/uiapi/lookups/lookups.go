package lookups

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
	"storefront/internal/soql"
)

// Lookup paging: pages of 25 records by default, at most 50, as the lookup field's dropdown asks.
const (
	lookupPageSize    = 25
	maxLookupPageSize = 50
	maxLookupPage     = 100
)

// Search types of a lookup.
const (
	searchRecent    = "Recent"    // the caller's recent records (records.Engine.Recent), last changed first
	searchFull      = "Search"    // the search term as SOSL matches it in the target's name field
	searchTypeAhead = "TypeAhead" // name words starting with the term (one character is enough)
)

// lookupCall is a lookup request, checked.
type lookupCall struct {
	object   *records.Object
	field    *records.Field
	targets  []*records.Object
	q        string
	kind     string
	page     int
	size     int
	orderBy  []records.Order
	bindings records.And // the dependent field bindings' conditions on the target
}

// Lookup answers POST (and GET) /lookups/{objectApiName}/{fieldApiName}: LookupValuesRepresentation, the
// matching records of each object the reference field may point at, by object name.
func (h *Handler) Lookup(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	call, err := h.lookupCall(w, r, actor, r.URL.Query().Get("targetApiName"))
	if err != nil {
		return err
	}
	out := struct {
		LookupResults map[string]*recordsapi.RecordCollection `json:"lookupResults"`
	}{LookupResults: map[string]*recordsapi.RecordCollection{}}
	for _, target := range call.targets {
		c, err := h.lookupPage(r, actor, call, target)
		if err != nil {
			return err
		}
		out.LookupResults[target.APIName] = c
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// LookupTarget answers POST (and GET) /lookups/{objectApiName}/{fieldApiName}/{targetApiName}: one target's
// RecordCollectionRepresentation.
func (h *Handler) LookupTarget(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	call, err := h.lookupCall(w, r, actor, r.PathValue("targetApiName"))
	if err != nil {
		return err
	}
	if len(call.targets) == 0 {
		return recordsapi.NotFound()
	}
	c, err := h.lookupPage(r, actor, call, call.targets[0])
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, c)
	return nil
}

// lookupCall reads and checks the path, the query parameters and the body {sourceRecord, orderBy}.
func (h *Handler) lookupCall(w http.ResponseWriter, r *http.Request, actor *identity.Principal, targetName string) (*lookupCall, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	c := &lookupCall{object: cat.Object(r.PathValue("objectApiName"))}
	if c.object == nil || !h.Engine.CanRead(actor, c.object) {
		return nil, recordsapi.NotFound()
	}
	c.field = c.object.Field(r.PathValue("fieldApiName"))
	if c.field == nil || !h.Engine.FieldReadable(actor, c.object, c.field) {
		return nil, httpx.BadRequest("INVALID_FIELD", "No such field '%s' on %s.", r.PathValue("fieldApiName"), c.object.APIName)
	}
	if c.field.Type != records.TypeReference {
		return nil, httpx.BadRequest("INVALID_FIELD", "%s.%s is not a lookup field.", c.object.APIName, c.field.APIName)
	}
	for _, name := range c.field.ReferenceTo {
		t := cat.Object(name)
		if t == nil || (targetName != "" && !strings.EqualFold(targetName, t.APIName)) {
			continue
		}
		if h.Engine.CanRead(actor, t) {
			c.targets = append(c.targets, t)
		} else if targetName != "" {
			return nil, recordsapi.NotFound()
		}
	}
	if targetName != "" && len(c.targets) == 0 {
		return nil, badInput("%s.%s does not look up %s.", c.object.APIName, c.field.APIName, targetName)
	}
	q := r.URL.Query()
	c.q = strings.TrimSpace(q.Get("q"))
	if c.kind = q.Get("searchType"); c.kind == "" {
		c.kind = searchRecent
		if c.q != "" {
			c.kind = searchFull
		}
	}
	switch c.kind {
	case searchRecent:
	case searchFull, searchTypeAhead:
		if c.q == "" {
			return nil, badInput("q is required when searchType is %s.", c.kind)
		}
		if c.kind == searchFull && soql.TermTooShort(c.q) {
			return nil, badInput("search term must be longer than one character: %s", c.q)
		}
	default:
		return nil, badInput("Invalid searchType: %s. Use Recent, Search or TypeAhead.", c.kind)
	}
	if c.page, err = positiveInt(r, "page", 1, maxLookupPage); err != nil {
		return nil, err
	}
	if c.size, err = positiveInt(r, "pageSize", lookupPageSize, maxLookupPageSize); err != nil {
		return nil, err
	}
	body, err := decodeBody(w, r)
	if err != nil {
		return nil, err
	}
	if c.orderBy, err = decodeOrderBy(body["orderBy"]); err != nil {
		return nil, err
	}
	source, err := h.sourceValues(r, actor, c.object, body)
	if err != nil {
		return nil, err
	}
	c.bindings, err = bindings(c.object, source, recordsapi.SplitList(q["dependentFieldBindings"]...))
	return c, err
}

// sourceValues are the values of the record being edited: those of the record sourceRecordId names (as the
// caller may read it), overridden by the body's sourceRecord {apiName?, fields} whose values are strings,
// numbers, booleans or null.
func (h *Handler) sourceValues(r *http.Request, actor *identity.Principal, o *records.Object, body map[string]json.RawMessage) (map[string]any, error) {
	values := map[string]any{}
	if id := r.URL.Query().Get("sourceRecordId"); id != "" {
		rec, err := h.Engine.Get(r.Context(), actor, records.To18(id))
		if err != nil {
			return nil, err
		}
		if rec.Object.APIName != o.APIName {
			return nil, badInput("sourceRecordId %s is not a record of %s.", id, o.APIName)
		}
		for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
			values[f.APIName] = records.WireValue(f, rec.Values[f.APIName])
		}
	}
	if !present(body, "sourceRecord") {
		return values, nil
	}
	var src struct {
		Fields map[string]any `json:"fields"`
	}
	if err := httpx.DecodeJSONBytes(body["sourceRecord"], &src); err != nil || src.Fields == nil {
		return nil, badInput("sourceRecord must be an object with a fields object.")
	}
	for name, v := range src.Fields {
		if !scalar(v) {
			return nil, badInput("sourceRecord field %s must be a string, a number, a boolean or null.", name)
		}
		f := o.Field(name)
		if f == nil || !h.Engine.FieldReadable(actor, o, f) {
			return nil, httpx.BadRequest("INVALID_FIELD", "No such field '%s' on %s.", name, o.APIName)
		}
		if n, ok := v.(json.Number); ok {
			v = string(n)
		}
		values[f.APIName] = v
	}
	return values, nil
}

// bindings are the dependent field bindings as conditions on the target: a binding "Field" keeps the targets
// whose Field equals the source record's Field (AccountId: the contacts of the edited record's account), and
// "TargetField=SourceField" names the two sides. A source field without a value binds the target's to none.
func bindings(o *records.Object, source map[string]any, list []string) (records.And, error) {
	var out records.And
	for _, b := range list {
		targetField, sourceField, named := strings.Cut(b, "=")
		if !named {
			sourceField = targetField
		}
		f := o.Field(strings.TrimSpace(sourceField))
		if f == nil {
			return nil, badInput("dependentFieldBindings: no field %s on %s.", sourceField, o.APIName)
		}
		v := source[f.APIName]
		if v == "" {
			v = nil
		}
		out = append(out, &records.Cond{Field: strings.TrimSpace(targetField), Op: records.OpEq, Value: v})
	}
	return out, nil
}

// lookupPage reads one page of a target's matching records.
func (h *Handler) lookupPage(r *http.Request, actor *identity.Principal, c *lookupCall, target *records.Object) (*recordsapi.RecordCollection, error) {
	where := append(records.And{}, c.bindings...)
	order := c.orderBy
	name := target.NameFieldName()
	switch c.kind {
	case searchRecent:
		recent, err := h.Engine.Recent(r.Context(), actor, target.APIName)
		if err != nil {
			return nil, err
		}
		where = append(where, recent)
		if order == nil {
			order = []records.Order{{Field: "LastModifiedDate", Desc: true}}
		}
	case searchFull:
		term, ok := soql.TermFilter(h.Engine, actor, target, c.q, "NAME")
		if !ok {
			term = records.Or{} // no readable name field: nothing matches
		}
		where = append(where, term)
	case searchTypeAhead:
		if name == "" {
			where = append(where, records.Or{})
			break
		}
		prefix := records.EscapeLike(c.q) + "%"
		where = append(where, records.Or{&records.Cond{Field: name, Op: records.OpLike, Value: prefix},
			&records.Cond{Field: name, Op: records.OpLike, Value: "% " + prefix}})
	}
	if order == nil && name != "" {
		order = []records.Order{{Field: name}}
	}
	q := records.Query{Object: target.APIName, Where: where, OrderBy: order, PageSize: c.size,
		PageToken: records.PageTokenAt((c.page - 1) * c.size)}
	if c.page == 1 {
		q.PageToken = ""
	}
	p, err := h.readPage(r.Context(), actor, target, q, h.nameFields(actor, target))
	if err != nil {
		return nil, filterError(err)
	}
	base := *r.URL
	return collection(p, c.page, func(n int) string {
		v := base.Query()
		v.Set("page", strconv.Itoa(n))
		u := url.URL{Path: base.Path, RawQuery: v.Encode()}
		return u.String()
	}), nil
}

// filterError answers a filter, sort or binding the engine refuses (an unknown or unreadable field) with 400.
func filterError(err error) error {
	var fe *records.FilterError
	if errors.As(err, &fe) {
		return httpx.BadRequest("INVALID_FIELD", "%s", strings.TrimPrefix(fe.Error(), "records: "))
	}
	return err
}
