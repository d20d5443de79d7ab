package soql

import (
	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// The column metadata of a query (GET query?q=...&columns=true): what the Salesforce CLI's data query asks before it
// prints rows, to name its columns. One entry per key of a record, in the query's order: a field, a parent reached
// through a relationship (its fields as joinColumns), a child subquery (aggregate, its fields as joinColumns) or an
// aggregate function (aggregate, named by its alias or exprN).

// ColumnsResult is the answer of a columns call.
type ColumnsResult struct {
	ColumnMetadata []Column `json:"columnMetadata"`
	EntityName     string   `json:"entityName"`
	GroupBy        bool     `json:"groupBy"`
	IDSelected     bool     `json:"idSelected"`
	KeyPrefix      *string  `json:"keyPrefix"`
}

// Column is one column of ColumnsResult.
type Column struct {
	Aggregate      bool     `json:"aggregate"`
	ApexType       *string  `json:"apexType"`
	BooleanType    bool     `json:"booleanType"`
	ColumnName     string   `json:"columnName"`
	Custom         bool     `json:"custom"`
	DisplayName    string   `json:"displayName"`
	ForeignKeyName *string  `json:"foreignKeyName"`
	Insertable     bool     `json:"insertable"`
	JoinColumns    []Column `json:"joinColumns"`
	NumberType     bool     `json:"numberType"`
	TextType       bool     `json:"textType"`
	Updatable      bool     `json:"updatable"`
}

// Columns is the plan's column metadata for actor (insertable and updatable are the caller's field access).
func (p *Plan) Columns(engine *records.Engine, actor *identity.Principal) *ColumnsResult {
	out := &ColumnsResult{ColumnMetadata: []Column{}, EntityName: p.obj.APIName, GroupBy: len(p.groupBy) > 0}
	if p.obj.KeyPrefix != "" {
		out.KeyPrefix = &p.obj.KeyPrefix
	}
	if p.countOnly {
		return out
	}
	for _, it := range p.out.items {
		if it.field != nil && it.field.APIName == "Id" {
			out.IDSelected = true
		}
	}
	out.ColumnMetadata = p.nodeColumns(p.out, "", engine, actor)
	return out
}

// nodeColumns are the columns of an output object; a parent's are displayed under their path (Account.Name).
func (p *Plan) nodeColumns(n *node, path string, engine *records.Engine, actor *identity.Principal) []Column {
	cols := make([]Column, 0, len(n.items))
	for _, it := range n.items {
		c := Column{ColumnName: it.key, DisplayName: path + it.key, JoinColumns: []Column{}}
		switch {
		case it.parent != nil: // no Apex type of its own: its fields have theirs
			c.JoinColumns = p.nodeColumns(it.parent, path+it.key+".", engine, actor)
		case it.sub != nil:
			c.Aggregate = true
			c.JoinColumns = it.sub.nodeColumns(it.sub.out, "", engine, actor)
		case it.agg != nil:
			c.Aggregate = true
			c.DisplayName = it.agg.fn + "()"
			if f := it.agg.field; f != nil {
				c.DisplayName = it.agg.fn + "(" + f.APIName + ")"
			}
			switch {
			case it.agg.fn == "COUNT" || it.agg.fn == "COUNT_DISTINCT":
				c.ApexType, c.NumberType = ptr("Integer"), true
			case it.agg.fn == "SUM" || it.agg.fn == "AVG":
				c.ApexType, c.NumberType = ptr("Decimal"), true
			default: // MIN, MAX: the field's own type
				fieldType(&c, it.agg.field)
			}
		default:
			fieldType(&c, it.field)
			c.Custom = it.field.Custom
			c.Insertable = engine.FieldCreateable(actor, n.obj, it.field)
			c.Updatable = engine.FieldUpdateable(actor, n.obj, it.field)
		}
		cols = append(cols, c)
	}
	return cols
}

// fieldType sets a column's Apex type and its boolean, number and text flags from the field's type.
func fieldType(c *Column, f *records.Field) {
	t, ok := recordsapi.ApexType(f.Type)
	if !ok {
		return
	}
	c.ApexType = &t
	c.BooleanType = t == "Boolean"
	c.NumberType = t == "Integer" || t == "Decimal"
	c.TextType = t == "String"
}

func ptr(s string) *string { return &s }
