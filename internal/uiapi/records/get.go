package records

import (
	"errors"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// readParams are the query parameters of a record read, single or batch.
type readParams struct {
	request
	children  []string
	pageSize  int
	updateMru bool
}

func readParamsOf(r *http.Request) (readParams, error) {
	p := readParams{request: request{fields: list(r, "fields"), optional: list(r, "optionalFields"),
		layoutTypes: list(r, "layoutTypes"), modes: list(r, "modes")}, children: list(r, "childRelationships")}
	if len(p.fields) == 0 && len(p.optional) == 0 && len(p.layoutTypes) == 0 {
		return p, httpx.BadRequest("INVALID_INPUT", "Specify at least one of fields, optionalFields or layoutTypes.")
	}
	for _, lt := range p.layoutTypes {
		if !oneOf(lt, "Compact", "Full") {
			return p, httpx.BadRequest("INVALID_INPUT", "Invalid layoutType: %s. Specify Full or Compact.", lt)
		}
	}
	for _, m := range p.modes {
		if !oneOf(m, "View", "Edit", "Create") {
			return p, httpx.BadRequest("INVALID_INPUT", "Invalid mode: %s. Specify View, Edit or Create.", m)
		}
	}
	var err error
	if p.pageSize, err = pageSizeParam(r, DefaultChildPageSize, MaxChildPageSize); err != nil {
		return p, err
	}
	p.updateMru, err = boolParam(r, "updateMru")
	return p, err
}

func oneOf(v string, options ...string) bool {
	for _, o := range options {
		if strings.EqualFold(v, o) {
			return true
		}
	}
	return false
}

// GetRecord answers GET /records/{recordId}.
func (h *Handler) GetRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	p, err := readParamsOf(r)
	if err != nil {
		return err
	}
	rep, err := h.read(r, actor, r.PathValue("recordId"), p)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// batchBody is BatchRepresentation.
type batchBody struct {
	HasErrors bool                   `json:"hasErrors"`
	Results   []recordsapi.BatchItem `json:"results"`
}

// GetRecordsBatch answers GET /records/batch/{recordIds}: each record on its own, a missing or hidden one a 404
// item, a field one of them lacks a 400 item.
func (h *Handler) GetRecordsBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	ids := recordsapi.SplitList(r.PathValue("recordIds"))
	if len(ids) > MaxBatchIDs {
		return httpx.BadRequest("INVALID_INPUT", "Too many record ids: %d. Specify at most %d.", len(ids), MaxBatchIDs)
	}
	p, err := readParamsOf(r)
	if err != nil {
		return err
	}
	out := batchBody{Results: []recordsapi.BatchItem{}}
	for _, id := range ids {
		item, err := recordsapi.ItemOf(h.read(r, actor, id, p))
		if err != nil {
			return err
		}
		out.HasErrors = out.HasErrors || item.StatusCode != http.StatusOK
		out.Results = append(out.Results, item)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// read is one record with the requested fields and child relationships; it records the view when asked.
func (h *Handler) read(r *http.Request, actor *identity.Principal, id string, p readParams) (*recordsapi.RecordRep, error) {
	ctx := r.Context()
	rec, err := h.Engine.Get(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	set, err := h.resolve(ctx, actor, rec.Object, p.request)
	if err != nil {
		return nil, err
	}
	rep, err := h.represent(ctx, actor, rec, set)
	if err != nil {
		return nil, err
	}
	for _, name := range p.children {
		if err := h.addChildren(r, actor, rec, rep, name, p.pageSize); err != nil {
			return nil, err
		}
	}
	if p.updateMru {
		if err := h.Engine.RecordViewed(ctx, actor, rec); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// addChildren adds the first page of a child relationship ("Account.Contacts", or "Account.Contacts.Email" to add a
// field) to rep. A relationship of another object is not for this record; an unknown one is INVALID_FIELD.
func (h *Handler) addChildren(r *http.Request, actor *identity.Principal, rec *engine.Record, rep *recordsapi.RecordRep, name string, pageSize int) error {
	parts := strings.Split(name, ".")
	if !strings.EqualFold(parts[0], rec.Object.APIName) {
		return nil
	}
	if len(parts) < 2 || len(parts) > 3 {
		return recordsapi.InvalidFieldOn(parts[len(parts)-1], rec.Object.APIName)
	}
	var extra []string
	if len(parts) == 3 {
		extra = parts[2:]
	}
	coll, relName, err := h.children(r, actor, rec, parts[1], extra, pageSize, "")
	if err != nil {
		return err
	}
	rep.ChildRelationships[relName] = coll
	return nil
}

// children reads one page of the records of rec's child relationship relName, with their Id, their name field and
// the extra fields, through the engine's query API (the child object's sight and field security apply).
func (h *Handler) children(r *http.Request, actor *identity.Principal, rec *engine.Record, relName string, extra []string, pageSize int, token string) (*recordsapi.RecordCollection, string, error) {
	ctx := r.Context()
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, "", err
	}
	var child *recordsapi.Child
	for _, ch := range recordsapi.VisibleChildren(cat, h.Engine, actor, rec.Object) {
		if strings.EqualFold(ch.RelationshipName, relName) {
			child = &ch
			break
		}
	}
	if child == nil || !h.Engine.Queryable(actor, child.Object) {
		return nil, "", recordsapi.InvalidFieldOn(relName, rec.Object.APIName)
	}
	sel := h.Engine.NewSelect(cat, actor, child.Object, "r")
	set := &fieldSet{}
	for _, name := range append([]string{"Id", child.Object.NameFieldName()}, extra...) {
		if name == "" {
			continue
		}
		if err := set.addPath(h.Engine, cat, actor, child.Object, child.Object.APIName+"."+name); err != nil {
			return nil, "", err
		}
	}
	var fields []string
	for _, fp := range set.paths {
		fields = append(fields, fp.Field.APIName) // a child's own fields: extra names one field, no path
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, engine.Query{Object: child.Object.APIName,
		Fields: append(fields, systemFieldsOf(sel)...), Where: &engine.Cond{Field: child.FieldName, Op: engine.OpEq, Value: rec.ID},
		OrderBy: []engine.Order{{Field: "Id"}}, PageSize: pageSize, PageToken: token})
	if err != nil {
		var fe *engine.FilterError
		if errors.As(err, &fe) && token != "" {
			return nil, "", httpx.BadRequest("INVALID_INPUT", "Invalid pageToken: %s", token)
		}
		return nil, "", err
	}
	coll := &recordsapi.RecordCollection{Records: []*recordsapi.RecordRep{}}
	for _, row := range res.Rows {
		crec := &engine.Record{Object: child.Object, ID: row.ID, Values: row.Values}
		crep := recordsapi.NewRecordRep(crec)
		for _, fp := range set.paths {
			crep.Fields[fp.Field.APIName] = recordsapi.FieldValueOf(crec, fp.Field)
		}
		coll.Records = append(coll.Records, crep)
	}
	coll.Count = len(coll.Records)
	base := recordsapi.Version(r)
	pageURL := func(t string) string {
		u := "/services/data/" + base + "/ui-api/records/" + rec.ID + "/child-relationships/" + child.RelationshipName +
			"?pageSize=" + itoa(pageSize)
		if len(extra) > 0 {
			qualified := make([]string, len(extra))
			for i, f := range extra {
				qualified[i] = child.Object.APIName + "." + f
			}
			u += "&fields=" + strings.Join(qualified, ",")
		}
		if t != "" {
			u += "&pageToken=" + t
		}
		return u
	}
	coll.CurrentPageURL = pageURL(token)
	if token != "" {
		coll.CurrentPageToken = &token
	}
	if res.NextPageToken != "" {
		next, nextURL := res.NextPageToken, pageURL(res.NextPageToken)
		coll.NextPageToken, coll.NextPageURL = &next, &nextURL
	}
	return coll, child.RelationshipName, nil
}

// systemFields are the stamps a record representation carries besides its id.
var systemFields = []string{"LastModifiedById", "LastModifiedDate", "SystemModstamp", "RecordTypeId"}

// systemFieldsOf are the system fields the object has and the caller may read.
func systemFieldsOf(sel *engine.Select) []string {
	var out []string
	for _, name := range systemFields {
		if c, perr := sel.Path([]string{name}); perr == nil && c.Field.HasColumn() {
			out = append(out, c.Field.APIName)
		}
	}
	return out
}

// GetChildRelationship answers GET /records/{recordId}/child-relationships/{relationshipName}: a page of a child
// relationship, where a record's nextPageUrl leads.
func (h *Handler) GetChildRelationship(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	pageSize, err := pageSizeParam(r, DefaultChildPageSize, MaxChildPageSize)
	if err != nil {
		return err
	}
	rec, err := h.Engine.Get(r.Context(), actor, r.PathValue("recordId"))
	if err != nil {
		return err
	}
	var extra []string
	for _, f := range list(r, "fields") {
		if obj, name, ok := strings.Cut(f, "."); ok && obj != "" {
			extra = append(extra, name)
		}
	}
	coll, _, err := h.children(r, actor, rec, r.PathValue("relationshipName"), extra, pageSize, r.URL.Query().Get("pageToken"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, coll)
	return nil
}
