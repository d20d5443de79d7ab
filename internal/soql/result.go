package soql

import (
	"bytes"
	"encoding/json"
	"strconv"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Object is a JSON object whose keys keep the order of the query's field list, as Salesforce's records do.
type Object struct {
	keys []string
	vals []any
}

func (o *Object) set(k string, v any) {
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

// Get returns the value of key (tests read records with it).
func (o *Object) Get(key string) any {
	for i, k := range o.keys {
		if k == key {
			return o.vals[i]
		}
	}
	return nil
}

// MarshalJSON writes the keys in order.
func (o *Object) MarshalJSON() ([]byte, error) { return appendJSON(nil, o) }

// QueryResult is the query resource's answer, and a child subquery's result inside a record.
type QueryResult struct {
	TotalSize      int64     `json:"totalSize"`
	Done           bool      `json:"done"`
	NextRecordsURL string    `json:"nextRecordsUrl,omitempty"`
	Records        []*Object `json:"records"`
}

// MarshalJSON writes the whole answer in one pass (records hold thousands of values; encoding/json would check the
// output of every nested marshaler again).
func (r *QueryResult) MarshalJSON() ([]byte, error) { return appendJSON(nil, r) }

// appendJSON appends v as JSON. It knows the values records hold and hands anything else to encoding/json.
func appendJSON(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return httpx.AppendJSONString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case json.Number:
		return append(b, x...), nil
	case *Object:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '{')
		for i, k := range x.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = httpx.AppendJSONString(b, k)
			b = append(b, ':')
			var err error
			if b, err = appendJSON(b, x.vals[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case *QueryResult:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, `{"totalSize":`...)
		b = strconv.AppendInt(b, x.TotalSize, 10)
		b = append(b, `,"done":`...)
		b = strconv.AppendBool(b, x.Done)
		if x.NextRecordsURL != "" {
			b = append(b, `,"nextRecordsUrl":`...)
			b = httpx.AppendJSONString(b, x.NextRecordsURL)
		}
		b = append(b, `,"records":[`...)
		for i, rec := range x.Records {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSON(b, rec); err != nil {
				return nil, err
			}
		}
		return append(b, "]}"...), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...), nil
}

// attributes is a record's type and REST URL.
func attributes(version string, o *records.Object, id string) *Object {
	a := &Object{}
	a.set("type", o.APIName)
	a.set("url", "/services/data/"+version+"/sobjects/"+o.APIName+"/"+id)
	return a
}

// record builds the output object of one scanned row.
func (p *Plan) record(version string, raw []any) *Object {
	if p.aggregate {
		out := &Object{}
		a := &Object{}
		a.set("type", "AggregateResult")
		out.set("attributes", a)
		for _, it := range p.out.items {
			switch {
			case it.agg != nil:
				out.set(it.key, it.agg.value(raw[it.agg.col]))
			case it.field != nil:
				out.set(it.key, records.RESTValue(it.field, records.FromDB(it.field, raw[it.col])))
			}
		}
		return out
	}
	return p.objectOf(version, p.out, raw)
}

func (p *Plan) objectOf(version string, n *node, raw []any) *Object {
	id := idOf(raw[n.idCol])
	out := &Object{}
	out.set("attributes", attributes(version, n.obj, id))
	for _, it := range n.items {
		switch {
		case it.parent != nil:
			if raw[it.parent.idCol] == nil {
				out.set(it.key, nil)
			} else {
				out.set(it.key, p.objectOf(version, it.parent, raw))
			}
		case it.sub != nil:
			out.set(it.key, nil) // filled by attach
		case it.address != nil:
			out.set(it.key, addressOf(it.address, raw))
		case it.field != nil:
			out.set(it.key, records.RESTValue(it.field, records.FromDB(it.field, raw[it.col])))
		}
	}
	return out
}

// addressOf is a compound address as an object, or null when none of its components has a value.
func addressOf(parts []addressPart, raw []any) any {
	out := &Object{}
	empty := true
	for _, part := range parts {
		var v any
		if part.col >= 0 {
			v = records.FromDB(part.field, raw[part.col])
		}
		empty = empty && v == nil
		out.set(part.key, v)
	}
	if empty {
		return nil
	}
	return out
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

// replace sets the value of an existing key.
func (o *Object) replace(k string, v any) {
	for i, key := range o.keys {
		if key == k {
			o.vals[i] = v
			return
		}
	}
	o.set(k, v)
}
