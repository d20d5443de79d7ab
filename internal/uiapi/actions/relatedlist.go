package actions

import (
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// relatedListParams is one related list's parameters (the body of the single call, an item of the batch).
type relatedListParams struct {
	relatedListID string
	filters       filters
}

// PostRelatedListActions answers POST /actions/record/{recordIds}/related-list/{relatedListId}: the New button
// of the related list's object under each record.
func (h *Handler) PostRelatedListActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	var body map[string]any
	if err := decodeOptionalBody(w, r, &body); err != nil {
		return err
	}
	p, err := readRelatedListParams(body, false)
	if err != nil {
		return err
	}
	p.relatedListID = r.PathValue("relatedListId")
	recs, cat, err := h.recordsAndCatalog(r, actor)
	if err != nil {
		return err
	}
	rep, err := h.relatedListActions(r, actor, recs, cat, p)
	if err != nil {
		return err
	}
	rep.write(w, http.StatusOK)
	return nil
}

// PostRelatedListActionsBatch answers POST /actions/record/{recordIds}/related-list/batch: the single call for
// each item of relatedListsActionParameters, each with its own statusCode (an unknown related list is that
// item's 404, not the batch's).
func (h *Handler) PostRelatedListActionsBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	var body map[string]any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	items, ok := body["relatedListsActionParameters"].([]any)
	if !ok || len(items) == 0 {
		return httpx.BadRequest("INVALID_INPUT", "relatedListsActionParameters must be a non-empty array.")
	}
	params := make([]relatedListParams, 0, len(items))
	for _, item := range items {
		m, ok := item.(map[string]any)
		if !ok {
			return httpx.BadRequest("INVALID_INPUT", "Each item of relatedListsActionParameters must be an object.")
		}
		p, err := readRelatedListParams(m, true)
		if err != nil {
			return err
		}
		params = append(params, p)
	}
	recs, cat, err := h.recordsAndCatalog(r, actor)
	if err != nil {
		return err // the records are the batch's: unknown ones are the batch's 404
	}
	out := struct {
		Results []recordsapi.BatchItem `json:"results"`
	}{Results: []recordsapi.BatchItem{}}
	for _, p := range params {
		rep, err := h.relatedListActions(r, actor, recs, cat, p)
		var result any
		if err == nil {
			rep.ETag = hashOf(rep.Actions)
			result = rep
		}
		item, err := recordsapi.ItemOf(result, err)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, item)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// recordsAndCatalog reads the records of the {recordIds} path parameter and the metadata.
func (h *Handler) recordsAndCatalog(r *http.Request, actor *identity.Principal) ([]*records.Record, *records.Catalog, error) {
	recs, err := h.readRecords(r.Context(), actor, r.PathValue("recordIds"))
	if err != nil {
		return nil, nil, err
	}
	cat, err := h.Engine.Catalog(r.Context())
	return recs, cat, err
}

// relatedListActions builds the actions of one related list under each record: an unknown related list is 404.
func (h *Handler) relatedListActions(r *http.Request, actor *identity.Principal, recs []*records.Record, cat *records.Catalog, p relatedListParams) (*actionsRep, error) {
	rep := newActionsRep(r)
	for _, rec := range recs {
		child := childObject(cat, rec.Object, p.relatedListID)
		if child == nil || !h.Engine.CanRead(actor, child) {
			return nil, httpx.NotFound("The related list %s does not exist on %s", p.relatedListID, rec.Object.APIName)
		}
		list := p.filters.place(standardActions(h.Engine, actor, child, nil, newButton),
			placement{context: "RelatedList", source: rec.ID, relatedList: p.relatedListID})
		rep.add(rec.ID, rep.URL, list)
	}
	return rep, nil
}

// childObject is the object of parent's child relationship named relatedListID (case-insensitive), or nil.
func childObject(cat *records.Catalog, parent *records.Object, relatedListID string) *records.Object {
	for _, ch := range cat.Children(parent.APIName) {
		if strings.EqualFold(ch.RelationshipName, relatedListID) {
			return cat.Object(ch.ChildObject)
		}
	}
	return nil
}

// readRelatedListParams checks an item: relatedListId a string (required in the batch), the filters strings or
// arrays of strings.
func readRelatedListParams(m map[string]any, needID bool) (relatedListParams, error) {
	var p relatedListParams
	if v, present := m["relatedListId"]; present || needID {
		id, ok := v.(string)
		if !ok || id == "" {
			return p, httpx.BadRequest("INVALID_INPUT", "relatedListId must be a string.")
		}
		p.relatedListID = id
	}
	lists := map[string]*[]string{"actionTypes": &p.filters.actionTypes, "apiNames": &p.filters.apiNames, "sections": &p.filters.sections}
	for name, dst := range lists {
		values, err := stringOrStrings(m, name)
		if err != nil {
			return p, err
		}
		*dst = values
	}
	for name, dst := range map[string]*string{"formFactor": &p.filters.formFactor, "retrievalMode": &p.filters.retrievalMode} {
		if v, present := m[name]; present && v != nil {
			s, ok := v.(string)
			if !ok {
				return p, httpx.BadRequest("INVALID_INPUT", "%s must be a string.", name)
			}
			*dst = s
		}
	}
	return p, p.filters.check()
}

// stringOrStrings reads a filter given as a comma-separated string or an array of strings.
func stringOrStrings(m map[string]any, name string) ([]string, error) {
	switch v := m[name].(type) {
	case nil:
		return nil, nil
	case string:
		return recordsapi.SplitList(v), nil
	case []any:
		out := make([]string, 0, len(v))
		for _, item := range v {
			s, ok := item.(string)
			if !ok {
				return nil, httpx.BadRequest("INVALID_INPUT", "%s must be a string or an array of strings.", name)
			}
			out = append(out, recordsapi.SplitList(s)...)
		}
		return out, nil
	}
	return nil, httpx.BadRequest("INVALID_INPUT", "%s must be a string or an array of strings.", name)
}

// decodeOptionalBody reads a JSON object body that may be absent.
func decodeOptionalBody(w http.ResponseWriter, r *http.Request, v *map[string]any) error {
	body, err := httpx.ReadBody(w, r)
	if err != nil {
		return err
	}
	if strings.TrimSpace(string(body)) == "" {
		*v = map[string]any{}
		return nil
	}
	if err := httpx.DecodeJSONBytes(body, v); err != nil {
		return err
	}
	if *v == nil {
		return httpx.BadRequest("INVALID_INPUT", "The body must be a JSON object.")
	}
	return nil
}
