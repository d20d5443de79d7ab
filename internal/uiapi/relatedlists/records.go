package relatedlists

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
	"storefront/internal/soql"
)

// DefaultPageSize is the records of a page when the caller names no pageSize (spec/data-layer.md section 9).
const DefaultPageSize = 50

// pageParams are the parameters of a page of a related list (RelatedListRecordsInputRepresentation).
type pageParams struct {
	Fields, Optional, SortBy []string
	PageSize                 int
	PageToken, Where         string
	ColumnLabels             bool
}

// readPageParams reads a body's page parameters, each optional and of its type.
func readPageParams(body map[string]any) (*pageParams, error) {
	p := &pageParams{}
	var err error
	if p.Fields, err = stringList(body, "fields"); err != nil {
		return nil, err
	}
	if p.Optional, err = stringList(body, "optionalFields"); err != nil {
		return nil, err
	}
	if p.SortBy, err = stringList(body, "sortBy"); err != nil {
		return nil, err
	}
	if p.PageSize, err = pageSizeOf(body); err != nil {
		return nil, err
	}
	if p.PageToken, err = optionalString(body, "pageToken"); err != nil {
		return nil, err
	}
	if p.Where, err = optionalString(body, "where"); err != nil {
		return nil, err
	}
	if v, ok := body["includeColumnLabels"]; ok && v != nil {
		if p.ColumnLabels, ok = v.(bool); !ok {
			return nil, httpx.BadRequest("INVALID_INPUT", "includeColumnLabels must be a boolean")
		}
	}
	return p, nil
}

// GetRecords answers POST /related-list-records/{parentRecordId}/{relatedListId}: one page of the parent's
// records of the list. The body is optional.
func (h *Handler) GetRecords(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	raw, err := httpx.ReadBody(w, r)
	if err != nil {
		return err
	}
	body := map[string]any{}
	if strings.TrimSpace(string(raw)) != "" {
		var v any
		if err := httpx.DecodeJSONBytes(raw, &v); err != nil {
			return err
		}
		var ok bool
		if body, ok = v.(map[string]any); !ok {
			return httpx.BadRequest("INVALID_INPUT", "The body must be a JSON object of page parameters.")
		}
	}
	p, err := readPageParams(body)
	if err != nil {
		return err
	}
	cat, parent, err := h.parentRecord(r.Context(), actor, r.PathValue("parentRecordId"))
	if err != nil {
		return err
	}
	rl := h.find(cat, actor, parent.Object, r.PathValue("relatedListId"))
	if rl == nil {
		return listNotFound(r.PathValue("relatedListId"))
	}
	rep, err := h.page(r.Context(), cat, actor, parent, rl, p, recordsapi.Version(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// GetRecordsBatch answers POST /related-list-records/batch/{parentRecordId}: a page of each list of
// relatedListParameters, each with its status; an unknown parent is a 404 of the whole batch, and an item without
// a string relatedListId a 400 of it.
func (h *Handler) GetRecordsBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	var body map[string]any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	items, ok := body["relatedListParameters"].([]any)
	if !ok || len(items) == 0 {
		return httpx.BadRequest("INVALID_INPUT", "relatedListParameters must be a non-empty array of related list parameters")
	}
	type item struct {
		id string
		p  *pageParams
	}
	var asked []item
	for _, it := range items {
		m, _ := it.(map[string]any)
		id, ok := m["relatedListId"].(string)
		if !ok || id == "" {
			return httpx.BadRequest("INVALID_INPUT", "Each related list parameter needs a string relatedListId")
		}
		p, err := readPageParams(m)
		if err != nil {
			return err
		}
		asked = append(asked, item{id, p})
	}
	cat, parent, err := h.parentRecord(r.Context(), actor, r.PathValue("parentRecordId"))
	if err != nil {
		return err
	}
	out := batch{Results: []recordsapi.BatchItem{}}
	for _, it := range asked {
		var rep *recordsapi.ListRecordCollection
		var err error
		if rl := h.find(cat, actor, parent.Object, it.id); rl == nil {
			err = listNotFound(it.id)
		} else {
			rep, err = h.page(r.Context(), cat, actor, parent, rl, it.p, recordsapi.Version(r))
		}
		res, err := recordsapi.ItemOf(rep, err)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, res)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// page reads one page of the parent's records of the list through the engine's query API: the reference to the
// parent, AND the caller's where, sorted by sortBy (else the caller's order of the list), within their sight.
func (h *Handler) page(ctx context.Context, cat *records.Catalog, actor *identity.Principal, parent *records.Record, rl *relatedList, p *pageParams, version string) (*recordsapi.ListRecordCollection, error) {
	prefs, err := h.preferences(ctx, cat, actor, rl)
	if err != nil {
		return nil, err
	}
	cols, err := h.pageColumns(cat, actor, rl, p, prefs)
	if err != nil {
		return nil, err
	}
	where := records.And{rl.ofParent(parent.ID)}
	if strings.TrimSpace(p.Where) != "" {
		f, serr := soql.Condition(p.Where, rl.Object.APIName, cat, h.Engine, actor, h.Engine.DB.Dialect, time.Now())
		if serr != nil {
			return nil, httpx.BadRequest(serr.Code, "where: %s", serr.Msg)
		}
		where = append(where, f)
	}
	order := prefs.Order
	if len(p.SortBy) > 0 {
		order = nil
		for _, s := range p.SortBy {
			field, desc := strings.CutPrefix(s, "-")
			c := h.resolve(cat, actor, rl.Object, field)
			if c == nil || !recordsapi.Sortable(c.Field) {
				return nil, recordsapi.InvalidField(field)
			}
			order = append(order, records.Order{Field: c.Path, Desc: desc})
		}
	}
	start, err := records.PageStart(p.PageToken)
	if err != nil {
		return nil, httpx.BadRequest("INVALID_INPUT", "Invalid pageToken: %s", p.PageToken)
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: rl.Object.APIName, Where: where,
		OrderBy: order, PageSize: p.PageSize, PageToken: p.PageToken})
	var fe *records.FilterError
	if errors.As(err, &fe) {
		return nil, httpx.BadRequest("INVALID_INPUT", "%s", strings.TrimPrefix(fe.Error(), "records: "))
	}
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Rows))
	for i, row := range res.Rows {
		ids[i] = row.ID
	}
	r := &recordsapi.Representer{Engine: h.Engine, Catalog: cat, Actor: actor, RelatedName: true}
	reps, err := r.RepresentIDs(ctx, rl.Object, ids, cols)
	if err != nil {
		return nil, err
	}
	info, err := h.infoOf(cat, actor, rl, &infoOptions{}, prefs)
	if err != nil {
		return nil, err
	}
	out := &recordsapi.ListRecordCollection{Count: len(ids), CurrentPageToken: records.PageTokenAt(start), Fields: nonNil(p.Fields),
		ListInfoETag: info.ETag, ListReference: rl.reference(parent.ID, ""), OptionalFields: nonNil(p.Optional),
		PageSize: p.PageSize, Records: []*recordsapi.RecordRep{}, SortBy: nonNil(p.SortBy)}
	for _, id := range ids {
		if rep := reps[id]; rep != nil {
			out.Records = append(out.Records, rep)
		}
	}
	pageURL := func(token string) *string {
		u := pageURL(version, parent.ID, rl.ID(), p, token)
		return &u
	}
	out.CurrentPageURL = *pageURL(out.CurrentPageToken)
	if res.NextPageToken != "" {
		out.NextPageToken, out.NextPageURL = &res.NextPageToken, pageURL(res.NextPageToken)
	}
	if start > 0 {
		prev := records.PageTokenAt(max(0, start-p.PageSize))
		out.PreviousPageToken, out.PreviousPageURL = &prev, pageURL(prev)
	}
	if p.ColumnLabels {
		out.ColumnLabels = map[string]string{}
		for _, c := range cols {
			out.ColumnLabels[c.Path] = columnLabel(c)
		}
	}
	return out, nil
}

// pageColumns are the fields each record of a page carries: the always-read ones, then fields (an unknown or
// unreadable one is an error) and optionalFields (skipped); without either, the list's display columns.
func (h *Handler) pageColumns(cat *records.Catalog, actor *identity.Principal, rl *relatedList, p *pageParams, prefs *listPrefs) ([]*recordsapi.FieldPath, error) {
	var out []*recordsapi.FieldPath
	seen := map[string]bool{}
	add := func(c *recordsapi.FieldPath) {
		if c != nil && !seen[c.Path] {
			seen[c.Path] = true
			out = append(out, c)
		}
	}
	for _, f := range recordsapi.ListAlwaysFields {
		add(h.resolve(cat, actor, rl.Object, f))
	}
	for _, f := range p.Fields {
		c := h.resolve(cat, actor, rl.Object, f)
		if c == nil {
			return nil, recordsapi.InvalidField(f)
		}
		add(c)
	}
	for _, f := range p.Optional {
		add(h.resolve(cat, actor, rl.Object, f))
	}
	if len(p.Fields) == 0 && len(p.Optional) == 0 {
		for _, c := range prefs.Columns {
			add(c)
		}
	}
	return out, nil
}

// pageURL is the address of a page of the list with the same parameters.
func pageURL(version, parentID, listID string, p *pageParams, token string) string {
	q := url.Values{"pageSize": {strconv.Itoa(p.PageSize)}, "pageToken": {token}}
	for key, list := range map[string][]string{"fields": p.Fields, "optionalFields": p.Optional, "sortBy": p.SortBy} {
		if len(list) > 0 {
			q.Set(key, strings.Join(list, ","))
		}
	}
	if p.Where != "" {
		q.Set("where", p.Where)
	}
	return "/services/data/" + version + "/ui-api/related-list-records/" + parentID + "/" + listID + "?" + q.Encode()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
