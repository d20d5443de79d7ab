package recordsapi

import (
	"bytes"
	"encoding/json"
	"strconv"

	"storefront/internal/platform/httpx"
)

// Object is a JSON object whose keys keep the order they were set in, as the REST API's records do: attributes
// first, then the fields in the order asked (a query's field list, an object's fields).
type Object struct {
	keys []string
	vals []any
}

// Set appends key with its value.
func (o *Object) Set(k string, v any) {
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

// Get returns the value of key, nil when absent.
func (o *Object) Get(key string) any {
	for i, k := range o.keys {
		if k == key {
			return o.vals[i]
		}
	}
	return nil
}

// Replace sets the value of an existing key in its place, or appends the key.
func (o *Object) Replace(k string, v any) {
	for i, key := range o.keys {
		if key == k {
			o.vals[i] = v
			return
		}
	}
	o.Set(k, v)
}

// Delete removes key.
func (o *Object) Delete(key string) {
	for i, k := range o.keys {
		if k == key {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			o.vals = append(o.vals[:i], o.vals[i+1:]...)
			return
		}
	}
}

// MarshalJSON writes the keys in order.
func (o *Object) MarshalJSON() ([]byte, error) { return AppendJSON(nil, o) }

// Appender is a value that writes itself onto a buffer (a query result holding records): AppendJSON calls it
// directly, where encoding/json would check a marshaler's output once more at every level.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// AppendJSON appends v as JSON, as httpx.WriteJSON writes it (no HTML escaping). It knows the values records hold
// and hands anything else to encoding/json; records hold thousands of values, so this is one pass.
func AppendJSON(b []byte, v any) ([]byte, error) {
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
			if b, err = AppendJSON(b, x.vals[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case Appender:
		return x.AppendJSON(b)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...), nil
}
