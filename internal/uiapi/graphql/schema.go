package graphql

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// The schema is generated from the records metadata: one record type per queryable object, with a value type per
// field, the parent record of each reference, a connection per child relationship, and the filter, order and
// mutation input types Salesforce's UI API GraphQL schema names (Account_Filter, Account_OrderBy, AccountConnection,
// AccountCreateInput...). It is built once per version of the metadata (the registry hands out a new Catalog when
// the metadata changes), so a custom field is queryable as soon as it is added.
//
// Field-level security is not in the shared schema: the executor treats a field the caller may not read as
// undefined (a validation error, or omitted under @optional), which is what a per-user schema answers.

// fixedSDL is the part of the schema that does not depend on the metadata.
const fixedSDL = `
schema { query: Query mutation: Mutation }
directive @optional on FIELD
directive @category(name: String) on FIELD | QUERY | FRAGMENT_DEFINITION | INLINE_FRAGMENT
type Query { uiapi: UIAPI! }
type Mutation { uiapi: UIAPIMutations! }
type UIAPI { query: RecordQuery! objectInfos(apiNames: [String!]!): [ObjectInfo] }
type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
enum ResultOrder { ASC DESC }
enum NullOrder { FIRST LAST }
enum ResultsScope { EVERYTHING MINE }
input OrderByClause { order: ResultOrder nulls: NullOrder }
input DateInput { value: String literal: DateLiteral range: DateRange }
input DateTimeInput { value: String literal: DateLiteral range: DateRange }
enum DateLiteral { TODAY YESTERDAY TOMORROW LAST_WEEK THIS_WEEK NEXT_WEEK LAST_MONTH THIS_MONTH NEXT_MONTH
  LAST_90_DAYS NEXT_90_DAYS LAST_QUARTER THIS_QUARTER NEXT_QUARTER LAST_YEAR THIS_YEAR NEXT_YEAR }
input DateRange { last_n_days: Int next_n_days: Int n_days_ago: Int last_n_weeks: Int next_n_weeks: Int
  n_weeks_ago: Int last_n_months: Int next_n_months: Int n_months_ago: Int last_n_quarters: Int
  next_n_quarters: Int last_n_years: Int next_n_years: Int n_years_ago: Int }
input StringOperators { eq: String ne: String like: String lt: String gt: String lte: String gte: String in: [String] nin: [String] }
input IDOperators { eq: ID ne: ID like: String in: [ID] nin: [ID] inq: SemiJoin ninq: SemiJoin }
input BooleanOperators { eq: Boolean ne: Boolean }
input NumberOperators { eq: Float ne: Float lt: Float gt: Float lte: Float gte: Float in: [Float] nin: [Float] }
input DateOperators { eq: DateInput ne: DateInput lt: DateInput gt: DateInput lte: DateInput gte: DateInput in: [DateInput] nin: [DateInput] }
input DateTimeOperators { eq: DateTimeInput ne: DateTimeInput lt: DateTimeInput gt: DateTimeInput lte: DateTimeInput gte: DateTimeInput in: [DateTimeInput] nin: [DateTimeInput] }
input MultiPicklistOperators { eq: String ne: String includes: [String] excludes: [String] }
type ObjectInfo { ApiName: String! label: String labelPlural: String keyPrefix: String custom: Boolean!
  createable: Boolean! updateable: Boolean! deletable: Boolean! queryable: Boolean! nameFields: [String!]!
  fields: [FieldInfo!]! childRelationships: [ChildRelationshipInfo!]! }
type FieldInfo { ApiName: String! label: String dataType: String! required: Boolean! createable: Boolean!
  updateable: Boolean! custom: Boolean! length: Int precision: Int scale: Int relationshipName: String
  referenceToInfos: [ReferenceToInfo!]! }
type ReferenceToInfo { ApiName: String! }
type ChildRelationshipInfo { childObjectApiName: String! fieldName: String! relationshipName: String! }
`

// valueTypes are the {value, displayValue} types, by field type, with the scalar of their value, and the
// operator input a filter on the field takes.
var valueTypes = map[records.FieldType]struct{ name, scalar, ops string }{
	records.TypeID:            {"IDValue", "ID", "IDOperators"},
	records.TypeReference:     {"IDValue", "ID", "IDOperators"},
	records.TypeText:          {"StringValue", "String", "StringOperators"},
	records.TypeTextArea:      {"TextAreaValue", "String", "StringOperators"},
	records.TypeLongTextArea:  {"LongTextAreaValue", "String", "StringOperators"},
	records.TypeEmail:         {"EmailValue", "String", "StringOperators"},
	records.TypePhone:         {"PhoneNumberValue", "String", "StringOperators"},
	records.TypeURL:           {"UrlValue", "String", "StringOperators"},
	records.TypePicklist:      {"PicklistValue", "String", "StringOperators"},
	records.TypeMultiPicklist: {"MultiPicklistValue", "String", "MultiPicklistOperators"},
	records.TypeBoolean:       {"BooleanValue", "Boolean", "BooleanOperators"},
	records.TypeInt:           {"IntValue", "Int", "NumberOperators"},
	records.TypeDouble:        {"DoubleValue", "Float", "NumberOperators"},
	records.TypeCurrency:      {"CurrencyValue", "Float", "NumberOperators"},
	records.TypePercent:       {"PercentValue", "Float", "NumberOperators"},
	records.TypeDate:          {"DateValue", "String", "DateOperators"},
	records.TypeDateTime:      {"DateTimeValue", "String", "DateTimeOperators"},
}

// reserved are the fixed type names an object may not take (its types would clash).
var reserved = map[string]bool{"Query": true, "Mutation": true, "UIAPI": true, "UIAPIMutations": true,
	"RecordQuery": true, "PageInfo": true, "ObjectInfo": true, "FieldInfo": true, "ReferenceToInfo": true,
	"ChildRelationshipInfo": true, "OrderByClause": true, "DateInput": true, "DateTimeInput": true, "DateLiteral": true, "DateRange": true,
	"SemiJoin": true}

// Schema is the GraphQL schema of one version of the metadata.
type Schema struct {
	AST     *ast.Schema
	Catalog *records.Catalog
	members map[string]map[string]*member // by object API name, then member name
	owners  map[string]*records.Object    // the object each of an object's types is of (Account, AccountConnection...)
	mu      sync.Mutex
	parsed  map[string]parsed // by query text (document)
}

// member is the member of the record type o named name (exact, as GraphQL names are), or nil.
func (s *Schema) member(o *records.Object, name string) *member { return s.members[o.APIName][name] }

// schemas keeps the schema of the newest catalog seen.
type schemas struct {
	mu     sync.Mutex
	latest *Schema
}

// get is the schema of the engine's current metadata, built when the metadata changed since the last call.
func (c *schemas) get(ctx context.Context, engine *records.Engine) (*Schema, error) {
	cat, err := engine.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.latest != nil && c.latest.Catalog == cat {
		return c.latest, nil
	}
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "uiapi.graphql", Input: BuildSDL(cat)})
	if err != nil {
		return nil, fmt.Errorf("graphql schema: %w", err)
	}
	c.latest = &Schema{AST: s, Catalog: cat, members: map[string]map[string]*member{}, parsed: map[string]parsed{},
		owners: map[string]*records.Object{}}
	for _, o := range cat.Objects() {
		if Queried(o) {
			for _, suffix := range ownedTypes {
				c.latest.owners[o.APIName+suffix] = o
			}
			byName := map[string]*member{}
			for _, m := range members(cat, o) {
				byName[m.name] = &m
			}
			c.latest.members[o.APIName] = byName
		}
	}
	return c.latest, nil
}

// ownedTypes are the suffixes of the names of an object's types (writeObjectTypes, writeMutations).
var ownedTypes = []string{"", "Connection", "Edge", "_Filter", "_OrderBy", "CreateRepresentation",
	"UpdateRepresentation", "CreateInput", "UpdateInput", "DeleteInput", "CreatePayload", "UpdatePayload",
	"DeletePayload"}

// Queried reports whether the object has a record type in the schema.
func Queried(o *records.Object) bool { return o != nil && o.Queryable && !reserved[o.APIName] }

// BuildSDL writes the schema of a catalog in the schema definition language.
func BuildSDL(cat *records.Catalog) string {
	var b strings.Builder
	b.WriteString(fixedSDL)
	for _, vt := range uniqueValueTypes() {
		fmt.Fprintf(&b, "type %s { value: %s displayValue: String }\n", vt.name, vt.scalar)
	}
	var query, mutations, semi strings.Builder
	query.WriteString("type RecordQuery {\n")
	// A semi-join (inq, ninq) selects ApiName, an id or reference field, of the records of one object its filter picks.
	semi.WriteString("input SemiJoin {\n  ApiName: String!\n")
	mutations.WriteString("type UIAPIMutations {\n")
	n := 0
	for _, o := range cat.Objects() {
		if !Queried(o) {
			continue
		}
		n++
		name := o.APIName
		fmt.Fprintf(&query, "  %s(first: Int after: String where: %s_Filter orderBy: %s_OrderBy scope: ResultsScope): %sConnection\n",
			name, name, name, name)
		fmt.Fprintf(&semi, "  %s: %s_Filter\n", name, name)
		writeObjectTypes(&b, cat, o)
		writeMutations(&b, &mutations, o)
	}
	semi.WriteString("}\n")
	b.WriteString(semi.String())
	if n == 0 {
		query.WriteString("  _empty: Boolean\n")
	}
	query.WriteString("}\n")
	mutations.WriteString("  _empty: Boolean\n}\n")
	b.WriteString(query.String())
	b.WriteString(mutations.String())
	return b.String()
}

func uniqueValueTypes() []struct{ name, scalar, ops string } {
	seen := map[string]bool{}
	var out []struct{ name, scalar, ops string }
	for _, t := range []records.FieldType{records.TypeID, records.TypeText, records.TypeTextArea,
		records.TypeLongTextArea, records.TypeEmail, records.TypePhone, records.TypeURL, records.TypePicklist,
		records.TypeMultiPicklist, records.TypeBoolean, records.TypeInt, records.TypeDouble, records.TypeCurrency,
		records.TypePercent, records.TypeDate, records.TypeDateTime} {
		if vt := valueTypes[t]; !seen[vt.name] {
			seen[vt.name] = true
			out = append(out, vt)
		}
	}
	return out
}

// Parent is the object a reference field's relationship leads to in the schema, or nil.
func Parent(cat *records.Catalog, f *records.Field) *records.Object {
	if f.Type != records.TypeReference || f.RelationshipName == "" || len(f.ReferenceTo) == 0 || f.Hidden {
		return nil
	}
	if o := cat.Object(f.ReferenceTo[0]); Queried(o) {
		return o
	}
	return nil
}

// member is one thing a record type offers: a field's value, a parent, or a child connection.
type member struct {
	name   string
	field  *records.Field             // value or parent (the reference field)
	parent *records.Object            // parent record
	child  *records.ChildRelationship // child connection
}

// members lists an object's schema members in order, first name wins on a clash.
func members(cat *records.Catalog, o *records.Object) []member {
	seen := map[string]bool{"Id": true, "ApiName": true, "DisplayValue": true}
	var out []member
	add := func(m member) {
		if !seen[m.name] {
			seen[m.name] = true
			out = append(out, m)
		}
	}
	for i := range o.Fields {
		f := &o.Fields[i]
		if _, ok := valueTypes[f.Type]; ok && !f.Hidden && f.HasColumn() {
			add(member{name: f.APIName, field: f})
		}
	}
	for i := range o.Fields {
		f := &o.Fields[i]
		if p := Parent(cat, f); p != nil {
			add(member{name: f.RelationshipName, field: f, parent: p})
		}
	}
	for _, ch := range cat.Children(o.APIName) {
		if Queried(cat.Object(ch.ChildObject)) && ch.RelationshipName != "" {
			ch := ch
			add(member{name: ch.RelationshipName, child: &ch})
		}
	}
	return out
}

func writeObjectTypes(b *strings.Builder, cat *records.Catalog, o *records.Object) {
	name := o.APIName
	ms := members(cat, o)
	fmt.Fprintf(b, "type %s {\n  Id: ID!\n  ApiName: String!\n  DisplayValue: String\n", name)
	for _, m := range ms {
		switch {
		case m.child != nil:
			c := m.child.ChildObject
			fmt.Fprintf(b, "  %s(first: Int after: String where: %s_Filter orderBy: %s_OrderBy): %sConnection\n",
				m.name, c, c, c)
		case m.parent != nil:
			fmt.Fprintf(b, "  %s: %s\n", m.name, m.parent.APIName)
		default:
			fmt.Fprintf(b, "  %s: %s\n", m.name, valueTypes[m.field.Type].name)
		}
	}
	b.WriteString("}\n")
	fmt.Fprintf(b, "type %sConnection { edges: [%sEdge] pageInfo: PageInfo! totalCount: Int! }\n", name, name)
	fmt.Fprintf(b, "type %sEdge { node: %s cursor: String! }\n", name, name)
	fmt.Fprintf(b, "input %s_Filter {\n  and: [%s_Filter]\n  or: [%s_Filter]\n  not: %s_Filter\n  Id: IDOperators\n",
		name, name, name, name)
	var order strings.Builder
	fmt.Fprintf(&order, "input %s_OrderBy {\n  Id: OrderByClause\n", name)
	for _, m := range ms {
		switch {
		case m.child != nil:
		case m.parent != nil:
			fmt.Fprintf(b, "  %s: %s_Filter\n", m.name, m.parent.APIName)
			fmt.Fprintf(&order, "  %s: %s_OrderBy\n", m.name, m.parent.APIName)
		default:
			fmt.Fprintf(b, "  %s: %s\n", m.name, valueTypes[m.field.Type].ops)
			if m.field.Type != records.TypeMultiPicklist && m.field.Type != records.TypeLongTextArea {
				fmt.Fprintf(&order, "  %s: OrderByClause\n", m.name)
			}
		}
	}
	b.WriteString("}\n")
	b.WriteString(order.String())
	b.WriteString("}\n")
}

// writeMutations adds the object's create, update and delete to UIAPIMutations and their input and payload types.
func writeMutations(b, mutations *strings.Builder, o *records.Object) {
	name := o.APIName
	var create, update strings.Builder
	for i := range o.Fields {
		f := &o.Fields[i]
		vt, ok := valueTypes[f.Type]
		if !ok || f.Hidden || f.ReadOnly || f.AutoNumber || f.APIName == "Id" || !f.HasColumn() {
			continue
		}
		fmt.Fprintf(&create, " %s: %s", f.APIName, vt.scalar)
		if !f.CreateOnly {
			fmt.Fprintf(&update, " %s: %s", f.APIName, vt.scalar)
		}
	}
	if create.Len() == 0 {
		create.WriteString(" _empty: Boolean")
	}
	if update.Len() == 0 {
		update.WriteString(" _empty: Boolean")
	}
	fmt.Fprintf(b, "input %sCreateRepresentation {%s }\n", name, create.String())
	fmt.Fprintf(b, "input %sUpdateRepresentation {%s }\n", name, update.String())
	fmt.Fprintf(b, "input %sCreateInput { %s: %sCreateRepresentation! }\n", name, name, name)
	fmt.Fprintf(b, "input %sUpdateInput { Id: ID! %s: %sUpdateRepresentation! }\n", name, name, name)
	fmt.Fprintf(b, "input %sDeleteInput { Id: ID! }\n", name)
	fmt.Fprintf(b, "type %sCreatePayload { Record: %s }\n", name, name)
	fmt.Fprintf(b, "type %sUpdatePayload { Record: %s success: Boolean }\n", name, name)
	fmt.Fprintf(b, "type %sDeletePayload { Id: ID }\n", name)
	fmt.Fprintf(mutations, "  %sCreate(input: %sCreateInput!): %sCreatePayload\n", name, name, name)
	fmt.Fprintf(mutations, "  %sUpdate(input: %sUpdateInput!): %sUpdatePayload\n", name, name, name)
	fmt.Fprintf(mutations, "  %sDelete(input: %sDeleteInput!): %sDeletePayload\n", name, name, name)
}
