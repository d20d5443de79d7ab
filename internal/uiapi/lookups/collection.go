// Package lookups serves the UI API's search and lookup calls over the records engine: lookup values
// (POST /lookups/{object}/{field}[/{target}]), search filter metadata and options, lookup metadata
// (GET /search-info/...), and search results (POST /search/results, /search/results/keyword). Every read goes
// through records.Engine.Query (visibility and field-level security inside), and a search term is matched by the
// one search rule SOSL uses (soql.TermFilter).
package lookups

import (
	"context"
	"strconv"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler serves the search and lookup calls.
type Handler struct {
	Engine *records.Engine
}

// page is one page of a query's rows as the UI API's records: each with the fields asked that the actor may read.
type page struct {
	Records  []*recordsapi.RecordRep
	Next     string // the engine's token of the next page, "" on the last
	Returned int
}

// readPage runs the query and represents its rows, one more read (GetMany) giving the records their full
// representation (eTag, record type, audit fields).
func (h *Handler) readPage(ctx context.Context, actor *identity.Principal, o *records.Object, q records.Query, fields []*records.Field) (*page, error) {
	res, err := h.Engine.Query(ctx, h.Engine.DB, actor, q)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Rows))
	for i, row := range res.Rows {
		ids[i] = row.ID
	}
	recs, err := h.Engine.GetMany(ctx, h.Engine.DB, actor, o.APIName, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*records.Record, len(recs))
	for _, rec := range recs {
		byID[rec.ID] = rec
	}
	out := &page{Records: []*recordsapi.RecordRep{}, Next: res.NextPageToken}
	for _, id := range ids { // the query's order
		rec := byID[id]
		if rec == nil {
			continue
		}
		rep := recordsapi.NewRecordRep(rec)
		for _, f := range fields {
			rep.Fields[f.APIName] = recordsapi.FieldValueOf(rec, f)
		}
		out.Records = append(out.Records, rep)
	}
	out.Returned = len(out.Records)
	return out, nil
}

// nameFields are the fields a lookup or search answers of a record: its Id and name fields the actor may read.
func (h *Handler) nameFields(actor *identity.Principal, o *records.Object) []*records.Field {
	var out []*records.Field
	for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
		if f.HasColumn() && (f.NameField || f.APIName == "Id") {
			out = append(out, f)
		}
	}
	return out
}

// collection is a page as RecordCollectionRepresentation; urlOf gives the URL of a page number.
func collection(p *page, number int, urlOf func(page int) string) *recordsapi.RecordCollection {
	c := &recordsapi.RecordCollection{Count: p.Returned, Records: p.Records, CurrentPageURL: urlOf(number)}
	cur := strconv.Itoa(number)
	c.CurrentPageToken = &cur
	if p.Next != "" {
		next, u := strconv.Itoa(number+1), urlOf(number+1)
		c.NextPageToken, c.NextPageURL = &next, &u
	}
	if number > 1 {
		prev, u := strconv.Itoa(number-1), urlOf(number-1)
		c.PreviousPageToken, c.PreviousPageURL = &prev, &u
	}
	return c
}
