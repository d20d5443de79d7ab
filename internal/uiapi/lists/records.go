package lists

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
	"storefront/internal/soql"
)

// filter is the whole condition of a page: the view's filters by its logic, its scope, the recent list's rule,
// the search term and the where condition, each one more term of one And.
func (h *Handler) filter(ctx context.Context, cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View, p *params, cols []*recordsapi.FieldPath) (records.Filter, error) {
	all := records.And{}
	items := make([]records.Filter, len(v.Filters))
	for i, it := range v.Filters {
		fp := h.resolve(cat, actor, o, it.Field)
		if fp == nil {
			// A filter on a field the caller may not read: the view shows them nothing rather than more.
			items[i] = records.Or{}
			continue
		}
		f, err := itemFilter(fp, it)
		if err != nil {
			return nil, httpx.BadRequest("INVALID_INPUT", "%s", err.Error())
		}
		items[i] = f
	}
	view, err := combine(items, v.FilterLogic)
	if err != nil {
		return nil, httpx.BadRequest("INVALID_INPUT", "%s", err.Error())
	}
	all = append(all, view)
	if v.MRU() {
		recent, err := h.Engine.Recent(ctx, actor, o.APIName)
		if err != nil {
			return nil, err
		}
		all = append(all, recent)
	}
	if v.Scope != nil && v.Scope.APIName == ScopeMine {
		owner := "OwnerId"
		if o.Field(owner) == nil {
			owner = "CreatedById"
		}
		all = append(all, &records.Cond{Field: owner, Op: records.OpEq, Value: actor.UserID})
	}
	if term := strings.TrimSpace(p.SearchTerm); term != "" {
		any := records.Or{}
		for _, c := range cols {
			if len(c.Rels) == 0 && textual(c.Field) {
				any = append(any, &records.Cond{Field: c.Path, Op: records.OpLike, Value: "%" + escapeLike(term) + "%"})
			}
		}
		all = append(all, any)
	}
	if strings.TrimSpace(p.Where) != "" {
		f, serr := soql.Condition(p.Where, o.APIName, cat, h.Engine, actor, h.Engine.DB.Dialect, time.Now())
		if serr != nil {
			return nil, httpx.BadRequest(serr.Code, "where: %s", serr.Msg)
		}
		all = append(all, f)
	}
	return all, nil
}

func textual(f *records.Field) bool {
	switch f.Type {
	case records.TypeText, records.TypeEmail, records.TypePhone, records.TypeURL, records.TypePicklist, records.TypeTextArea:
		return true
	}
	return false
}

// order is the page's sort: sortBy when given ("-Name" descending), else the caller's preferred order, else the
// view's; the recent list shows the records last viewed first (newest first), then those last changed.
func (h *Handler) order(ctx context.Context, cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View, p *params) ([]records.Order, error) {
	var items []OrderItem
	switch {
	case p.sortGiven:
		for _, s := range p.SortBy {
			field, desc := strings.CutPrefix(s, "-")
			items = append(items, OrderItem{Field: field, Ascending: !desc})
		}
	case v.MRU():
		viewed, err := h.Engine.RecentlyViewed(ctx, actor, o.APIName, records.MaxViewsPerObject)
		if err != nil {
			return nil, err
		}
		return []records.Order{{IDs: viewed}, {Field: "LastModifiedDate", Desc: true}}, nil
	default:
		prefs, err := loadPreferences(ctx, h.Engine.DB, actor.UserID, o.APIName, v.APIName)
		if err != nil {
			return nil, err
		}
		items = v.OrderBy
		if len(prefs.OrderBy) > 0 {
			items = prefs.OrderBy
		}
	}
	out := []records.Order{}
	for _, it := range items {
		fp := h.resolve(cat, actor, o, it.Field)
		if fp == nil || !recordsapi.Sortable(fp.Field) {
			if p.sortGiven {
				return nil, recordsapi.InvalidField(it.Field)
			}
			continue
		}
		out = append(out, records.Order{Field: fp.Path, Desc: !it.Ascending})
	}
	return out, nil
}

// columns are the fields each record of the page carries: the always-read ones, the view's columns, then fields
// (an unknown or hidden one is an error) and optionalFields (skipped).
func (h *Handler) columns(cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View, p *params) ([]*recordsapi.FieldPath, error) {
	var out []*recordsapi.FieldPath
	seen := map[string]bool{}
	add := func(path string, must bool) error {
		fp := h.resolve(cat, actor, o, path)
		if fp == nil {
			if must {
				return recordsapi.InvalidField(path)
			}
			return nil
		}
		if !seen[fp.Path] {
			seen[fp.Path] = true
			out = append(out, fp)
		}
		return nil
	}
	for _, f := range recordsapi.ListAlwaysFields {
		_ = add(f, false)
	}
	for _, c := range v.Columns {
		_ = add(c, false)
	}
	for _, f := range p.Fields {
		if err := add(f, true); err != nil {
			return nil, err
		}
	}
	for _, f := range p.Optional {
		_ = add(f, false)
	}
	return out, nil
}

// page reads one page of the view's records through the engine's query API, then the records and the related
// records their columns show (one read per relationship, never one per row).
func (h *Handler) page(ctx context.Context, cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View, p *params, path string) (*recordsapi.ListRecordCollection, error) {
	cols, err := h.columns(cat, actor, o, v, p)
	if err != nil {
		return nil, err
	}
	where, err := h.filter(ctx, cat, actor, o, v, p, cols)
	if err != nil {
		return nil, err
	}
	order, err := h.order(ctx, cat, actor, o, v, p)
	if err != nil {
		return nil, err
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: o.APIName, Where: where,
		OrderBy: order, Offset: p.Start, PageSize: p.PageSize})
	if err != nil {
		return nil, queryError(err)
	}
	ids := make([]string, len(res.Rows))
	for i, row := range res.Rows {
		ids[i] = row.ID
	}
	reps, err := h.represent(ctx, cat, actor, o, ids, cols)
	if err != nil {
		return nil, err
	}
	pageURL := func(start int) string {
		q := url.Values{"pageSize": {itoa(p.PageSize)}, "pageToken": {itoa(start)}}
		if p.sortGiven {
			q.Set("sortBy", strings.Join(p.SortBy, ","))
		}
		return path + "?" + q.Encode()
	}
	out := &recordsapi.ListRecordCollection{Count: len(reps), CurrentPageToken: itoa(p.Start), CurrentPageURL: pageURL(p.Start),
		Fields: nonNil(p.Fields), ListInfoETag: v.ETag(), ListReference: reference(v), OptionalFields: nonNil(p.Optional),
		PageSize: p.PageSize, Records: reps}
	if res.NextPageToken != "" {
		next, u := itoa(p.Start+p.PageSize), pageURL(p.Start+p.PageSize)
		out.NextPageToken, out.NextPageURL = &next, &u
	}
	if p.Start > 0 {
		prev, u := itoa(max(0, p.Start-p.PageSize)), pageURL(max(0, p.Start-p.PageSize))
		out.PreviousPageToken, out.PreviousPageURL = &prev, &u
	}
	if p.sortGiven {
		s := strings.Join(p.SortBy, ",")
		out.SortBy = &s
	}
	return out, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// queryError words the engine's refusals of a query as the UI API's 400s.
func queryError(err error) error {
	var fe *records.FilterError
	if errors.As(err, &fe) {
		return httpx.BadRequest("INVALID_INPUT", "%s", strings.TrimPrefix(fe.Error(), "records: "))
	}
	return err
}

// represent reads the records with the ids and represents each with the columns, in the order of ids (records
// out of the caller's sight are absent); a related record carries its name and the always-read fields.
func (h *Handler) represent(ctx context.Context, cat *records.Catalog, actor *identity.Principal, o *records.Object, ids []string, cols []*recordsapi.FieldPath) ([]*recordsapi.RecordRep, error) {
	r := &recordsapi.Representer{Engine: h.Engine, Catalog: cat, Actor: actor, RelatedFields: recordsapi.ListAlwaysFields, RelatedName: true}
	byID, err := r.RepresentIDs(ctx, o, ids, cols)
	if err != nil {
		return nil, err
	}
	reps := []*recordsapi.RecordRep{}
	for _, id := range ids {
		if rep := byID[id]; rep != nil {
			reps = append(reps, rep)
		}
	}
	return reps, nil
}
