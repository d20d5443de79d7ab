package soql

import (
	"strconv"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// QueryResult is the query resource's answer, and a child subquery's result inside a record.
type QueryResult struct {
	TotalSize      int64                `json:"totalSize"`
	Done           bool                 `json:"done"`
	NextRecordsURL string               `json:"nextRecordsUrl,omitempty"`
	Records        []*recordsapi.Object `json:"records"`
}

// MarshalJSON writes the whole answer in one pass (records hold thousands of values; encoding/json would check the
// output of every nested marshaler again).
func (r *QueryResult) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }

// AppendJSON appends the result, and is how a child subquery's result is written inside its parent's record.
func (r *QueryResult) AppendJSON(b []byte) ([]byte, error) {
	if r == nil {
		return append(b, "null"...), nil
	}
	b = append(b, `{"totalSize":`...)
	b = strconv.AppendInt(b, r.TotalSize, 10)
	b = append(b, `,"done":`...)
	b = strconv.AppendBool(b, r.Done)
	if r.NextRecordsURL != "" {
		b = append(b, `,"nextRecordsUrl":`...)
		b = httpx.AppendJSONString(b, r.NextRecordsURL)
	}
	b = append(b, `,"records":[`...)
	for i, rec := range r.Records {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = recordsapi.AppendJSON(b, rec); err != nil {
			return nil, err
		}
	}
	return append(b, "]}"...), nil
}

// record builds the output object of one scanned row.
func (p *Plan) record(version string, raw []any) *recordsapi.Object {
	if p.aggregate {
		out := &recordsapi.Object{}
		a := &recordsapi.Object{}
		a.Set("type", "AggregateResult")
		out.Set("attributes", a)
		for _, it := range p.out.items {
			switch {
			case it.agg != nil:
				out.Set(it.key, it.agg.value(raw[it.agg.col]))
			case it.field != nil:
				out.Set(it.key, records.RESTValue(it.field, records.FromDB(it.field, raw[it.col])))
			}
		}
		return out
	}
	return p.objectOf(version, p.out, raw)
}

func (p *Plan) objectOf(version string, n *node, raw []any) *recordsapi.Object {
	id := idOf(raw[n.idCol])
	out := &recordsapi.Object{}
	out.Set("attributes", recordsapi.Attributes(version, n.obj.APIName, id))
	for _, it := range n.items {
		switch {
		case it.parent != nil:
			if raw[it.parent.idCol] == nil {
				out.Set(it.key, nil)
			} else {
				out.Set(it.key, p.objectOf(version, it.parent, raw))
			}
		case it.sub != nil:
			out.Set(it.key, nil) // filled by attach
		case it.address != nil:
			out.Set(it.key, addressOf(it.address, raw))
		case it.field != nil:
			out.Set(it.key, records.RESTValue(it.field, records.FromDB(it.field, raw[it.col])))
		}
	}
	return out
}

// addressOf is a compound address from its scanned components.
func addressOf(parts map[string]addressPart, raw []any) any {
	return recordsapi.AddressObject(func(key string) any {
		if part, ok := parts[key]; ok {
			return records.FromDB(part.field, raw[part.col])
		}
		return nil
	})
}

func idOf(raw any) string {
	switch v := raw.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	}
	return ""
}
