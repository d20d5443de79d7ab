// Package graphql serves the UI API GraphQL endpoint (POST /services/data/vXX.X/graphql) the way Salesforce's
// GraphQL wire adapter and headless apps call it: record queries under uiapi { query { ... } } as connections of
// {value, displayValue} fields with parents as nested nodes and child relationships as nested connections,
// objectInfos, and the record create, update and delete mutations.
//
// Queries are parsed and validated by gqlparser against a schema generated from the records metadata (schema.go),
// checked against the caller's field-level security and the depth and cost limits (check.go), and executed
// through the records engine: reads by Engine.Query (connection.go, filter.go), writes by its Create, Update and
// Delete with their hooks (mutation.go). No SQL is written here.
package graphql

import (
	"context"
	"net/http"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	_ "github.com/vektah/gqlparser/v2/validator/rules" // the specification's validation rules

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Path is where the endpoint lives (every served version reaches it through apiversion.Rewrite).
const Path = "/services/data/v64.0/graphql"

// Handler serves the endpoint over one records engine.
type Handler struct {
	Engine  *records.Engine
	schemas schemas
}

// Error types of extensions.ErrorType, as Salesforce's GraphQL engine classifies errors.
const (
	InvalidSyntax   = "InvalidSyntax"
	ValidationError = "ValidationError"
	DataFetching    = "DataFetchingException"
)

// gqlError is GraphQLErrorRepresentation: the message, where in the query, the response paths and the error type.
type gqlError struct {
	Message    string              `json:"message"`
	Locations  []gqlerror.Location `json:"locations"`
	Paths      []any               `json:"paths"`
	Extensions map[string]any      `json:"extensions"`
}

func newError(errType, message string, pos *ast.Position, path ...any) *gqlError {
	e := &gqlError{Message: message, Locations: []gqlerror.Location{}, Paths: path,
		Extensions: map[string]any{"ErrorType": errType}}
	if pos != nil {
		e.Locations = append(e.Locations, gqlerror.Location{Line: pos.Line, Column: pos.Column})
	}
	if e.Paths == nil {
		e.Paths = []any{}
	}
	return e
}

// input is GraphQLInputRepresentation.
type input struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
}

// answer is GraphQLRepresentation: data, and errors when there are any.
type answer struct {
	Data   any         `json:"data"`
	Errors []*gqlError `json:"errors,omitempty"`
}

// ServeHTTP answers one query. The caller must be signed in (a staff user, an API client's bearer token or a
// buyer within their visibility). Errors in the query are answered 200 with the errors list, as Salesforce does;
// a body that is not JSON is the API's 400.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpx.HandlerFunc(h.serve).ServeHTTP(w, r)
}

func (h *Handler) serve(w http.ResponseWriter, r *http.Request) error {
	actor := identity.FromContext(r.Context())
	if !records.Signed(actor) {
		return httpx.Unauthorized()
	}
	var in input
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	out, err := h.Execute(r.Context(), actor, in.Query, in.OperationName, in.Variables)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// Execute runs one GraphQL document for actor: the answer, with the query's errors inside it; err is a failure
// of the server (the database), never of the query.
func (h *Handler) Execute(ctx context.Context, actor *identity.Principal, query, operation string, vars map[string]any) (any, error) {
	schema, err := h.schemas.get(ctx, h.Engine)
	if err != nil {
		return nil, err
	}
	doc, refused := schema.document(query)
	if refused != nil {
		return *refused, nil
	}
	op := doc.Operations.ForName(operation)
	if op == nil {
		msg := "Unknown operation named '" + operation + "'."
		if operation == "" {
			msg = "Must provide operation name if query contains multiple operations."
		}
		return answer{Errors: []*gqlError{newError(ValidationError, msg, nil)}}, nil
	}
	coerced, verr := validator.VariableValues(schema.AST, op, vars)
	if verr != nil {
		return failed(ValidationError, variableError(op, verr)), nil
	}
	x := &request{ctx: ctx, actor: actor, engine: h.Engine, schema: schema, vars: coerced, omit: map[*ast.Field]bool{},
		prefetched: map[*ast.Field]map[string]*records.QueryResult{}}
	x.check(op.SelectionSet, 1, 1)
	if len(x.errs) > 0 {
		return answer{Errors: x.errs}, nil
	}
	data := x.root(op)
	if x.fatal != nil {
		return nil, x.fatal
	}
	return answer{Data: data, Errors: x.errs}, nil
}

// document is a query's parsed and validated document, or the answer refusing it. Both are kept per schema (a
// change of the metadata starts afresh) and query text: a client sends the same few queries over and over, and
// parsing and validating is most of the work of a small one. Documents are only read once validated; what
// depends on the caller (field-level security, limits) is checked on every request.
func (s *Schema) document(query string) (*ast.QueryDocument, *answer) {
	s.mu.Lock()
	p, ok := s.parsed[query]
	s.mu.Unlock()
	if ok {
		return p.doc, p.refused
	}
	doc, perr := parser.ParseQuery(&ast.Source{Name: "query", Input: query})
	if perr == nil && len(doc.Operations) == 0 && len(doc.Fragments) == 0 {
		perr = gqlerror.ErrorLocf("query", 1, 1, "Unexpected <EOF>") // no query at all, as the parser words it
	}
	if perr != nil {
		a := failed(InvalidSyntax, perr)
		p = parsed{refused: &a}
	} else if errs := validator.Validate(s.AST, doc); len(errs) > 0 {
		a := failed(ValidationError, errs)
		p = parsed{refused: &a}
	} else {
		p = parsed{doc: doc}
	}
	s.mu.Lock()
	if len(s.parsed) >= maxParsed {
		clear(s.parsed) // a client sending ever new texts: start over rather than grow
	}
	s.parsed[query] = p
	s.mu.Unlock()
	return p.doc, p.refused
}

// maxParsed bounds the documents kept per schema.
const maxParsed = 512

// parsed is a query text's document, or its refusal.
type parsed struct {
	doc     *ast.QueryDocument
	refused *answer
}

// variableError names the variable whose value was refused and points at its definition, as GraphQL servers word
// it: Variable "$first" got invalid value: ...
func variableError(op *ast.OperationDefinition, err error) error {
	ge, ok := err.(*gqlerror.Error)
	if !ok || len(ge.Path) < 2 {
		return err
	}
	name, _ := ge.Path[1].(ast.PathName)
	out := &gqlerror.Error{Message: "Variable \"$" + string(name) + "\" got invalid value: " + ge.Message}
	if def := op.VariableDefinitions.ForName(string(name)); def != nil && def.Position != nil {
		out.Locations = []gqlerror.Location{{Line: def.Position.Line, Column: def.Position.Column}}
	}
	return out
}

// failed is the answer to a query refused before it ran: no data, the parser's or validator's errors.
func failed(errType string, err error) answer {
	var list gqlerror.List
	switch e := err.(type) {
	case gqlerror.List:
		list = e
	case *gqlerror.Error:
		list = gqlerror.List{e}
	default:
		return answer{Errors: []*gqlError{newError(errType, err.Error(), nil)}}
	}
	out := answer{}
	for _, ge := range list {
		e := newError(errType, ge.Message, nil)
		e.Locations = append(e.Locations, ge.Locations...)
		out.Errors = append(out.Errors, e)
	}
	return out
}
