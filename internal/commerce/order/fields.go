package order

import (
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// The fields parameters of the order-summaries calls name fields of the real OrderSummary object (and, for the
// lookup, of its items, delivery groups, delivery methods, payments and products). A name is answered when this
// store has the field (stored, or one of the real fields it derives from stored ones, below); any other name (a wire
// name such as orderSummaryId, a field of another org) is left out of the answer, which says only what exists,
// instead of failing a whole order list.

// spec is one field a fields map answers: its metadata and how its text is read from a record's values.
type spec struct {
	field *records.Field
	text  func(values map[string]any) *string
}

// derived are real Salesforce fields of the order objects that this store keeps under other names or sums of them.
var derived = map[string][]struct {
	field records.Field
	from  []string // stored fields summed (one: the same value)
}{
	"OrderSummary": {
		{records.Currency("TotalAmount", "Pretax Subtotal"), []string{"TotalAdjustedProductAmount", "TotalDeliveryAmount"}},
		{records.Currency("TotalAdjustedDeliveryAmount", "Total Adjusted Delivery Amount"), []string{"TotalDeliveryAmount"}},
		{records.Ref("SalesStoreId", "Sales Store ID", "WebStore"), []string{"WebStoreId"}},
	},
	"OrderItemSummary": {
		{records.Currency("AdjustedLineAmount", "Adjusted Line Subtotal"), []string{"TotalLineAmount"}},
		{records.Currency("AdjustedLineAmtWithTax", "Line Total"), []string{"TotalLineAmount", "TotalTaxAmount"}},
	},
}

// fieldSpec resolves one field name of an object: a readable stored field or a derived one; nil when neither.
func fieldSpec(o *records.Object, name string) *spec {
	if f := o.Field(name); f != nil && !f.Hidden && f.HasColumn() {
		return &spec{field: f, text: func(v map[string]any) *string { return records.WireText(f, v[f.APIName]) }}
	}
	for _, d := range derived[o.APIName] {
		if !strings.EqualFold(d.field.APIName, name) {
			continue
		}
		f, from := d.field, d.from
		if len(from) == 1 {
			src := o.Field(from[0])
			return &spec{field: &f, text: func(v map[string]any) *string { return records.WireText(src, v[src.APIName]) }}
		}
		return &spec{field: &f, text: func(v map[string]any) *string {
			var sum int64
			for _, name := range from {
				src := o.Field(name)
				if t := records.WireText(src, v[src.APIName]); t != nil {
					n, _ := records.ParseScaled(*t, 2)
					sum += n
				}
			}
			s := wire.Money(sum, 2)
			return &s
		}}
	}
	return nil
}

// specs resolves names of an object (bare, as given) into the fields it has, in order, each once.
func specs(o *records.Object, names []string) []*spec {
	var out []*spec
	seen := map[string]bool{}
	for _, name := range names {
		if sp := fieldSpec(o, strings.TrimSpace(name)); sp != nil && !seen[sp.field.APIName] {
			seen[sp.field.APIName] = true
			out = append(out, sp)
		}
	}
	return out
}

// fieldNames splits a fields parameter by the object each name qualifies ("OrderItemSummary.Quantity"); a bare name
// (or one qualified by a name that is no object of the lookup) belongs to the object given as bare. At most limit
// names.
func fieldNames(raw, bare string, objects []string, limit int) (map[string][]string, error) {
	out := map[string][]string{}
	n := 0
	for _, name := range strings.Split(raw, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		n++
		object := bare
		if prefix, rest, ok := strings.Cut(name, "."); ok {
			for _, o := range objects {
				if strings.EqualFold(prefix, o) {
					object, name = o, rest
				}
			}
		}
		out[object] = append(out[object], name)
	}
	if n > limit {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "fields takes at most %d fields.", limit)
	}
	return out, nil
}

// fieldMap is a record's fields answer: each field as a Record Field {dataName, dataType, label, text, type}.
func fieldMap(specs []*spec, values map[string]any) map[string]Field {
	out := make(map[string]Field, len(specs))
	for _, sp := range specs {
		typ, soap := records.DescribeType(sp.field.Type)
		out[sp.field.APIName] = Field{DataName: sp.field.APIName, DataType: soap, Label: sp.field.Label,
			Text: sp.text(values), Type: typ}
	}
	return out
}
