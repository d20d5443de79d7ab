package uiapitest

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// The wire quirks of contracts/README.md, and the other places where the real v64.0 wire and the 2022 (v55)
// api.raml disagree. Each is an explicit exception applied after parsing, so testdata/api.raml stays a faithful
// copy of its source.

// wireTypes are types of the v64.0 wire that api.raml does not describe. The error bodies: a read error is a
// top-level array of {errorCode, message}; a record write error is {enhancedErrorType: RecordError, message,
// output}. And the WorkStepStatus picklist attributes (sortOrder, statusCode: spec/data-layer.md section 3).
const wireTypes = `
WireReadErrorList:
  type: array
  items:
    type: object
    properties:
      errorCode: string
      message: string
WireRecordError:
  type: object
  properties:
    enhancedErrorType:
      type: string
      enum: [RecordError]
    message: string
    output:
      type: object
      properties:
        errors: RecordExceptionErrorRepresentation[]
        fieldErrors:
          type: object
          properties:
            //: RecordExceptionErrorRepresentation[]
QuickActionLayoutRepresentation:
  type: object
  properties:
    actionApiName: string
    eTag: string
    layout: RecordLayoutRepresentation
WorkStepStatusPicklistValueAttributesRepresentation:
  discriminatorValue: WorkStepStatus
  type: AbstractPicklistValueAttributesRepresentation
  properties:
    sortOrder: integer
    statusCode: string
`

// wireErrorType is what any 4xx or 5xx UI API response must be.
var wireErrorType = &Type{Expr: "WireReadErrorList | WireRecordError"}

// misspeltDiscriminator is how the picklist attribute discriminator is spelt on the wire, and in api.raml. The
// check below keeps anyone from "fixing" the copy: a server sending picklistAttributesValueType is wrong.
const misspeltDiscriminator = "picklistAtrributesValueType"

func applyQuirks(s *Spec) error {
	var extra map[string]any
	if err := yaml.Unmarshal([]byte(wireTypes), &extra); err != nil {
		return fmt.Errorf("uiapitest: wire types: %w", err)
	}
	if err := s.addTypes(extra); err != nil {
		return err
	}

	attrs := s.Types["AbstractPicklistValueAttributesRepresentation"]
	if attrs == nil || attrs.Discriminator != misspeltDiscriminator || attrs.Props[misspeltDiscriminator] == nil {
		return fmt.Errorf("uiapitest: api.raml no longer spells the picklist attribute discriminator %s", misspeltDiscriminator)
	}
	// The v64.0 wire adds WorkStepStatus to the picklist attribute value types (its subtype is in wireTypes).
	valueType := attrs.Props[misspeltDiscriminator].Type
	valueType.Enum = append(valueType.Enum, "WorkStepStatus")

	// sortBy in list-ui records can be a comma-joined string ("Name,-CreatedDate") instead of an array.
	lists := s.Types["ListRecordCollectionRepresentation"]
	if lists == nil || lists.Props["sortBy"] == nil {
		return fmt.Errorf("uiapitest: api.raml has no ListRecordCollectionRepresentation.sortBy")
	}
	lists.Props["sortBy"].Type.Expr = "string[] | string | nil"

	// The avatar batch answers {hasErrors, results: [{statusCode, result}]} (RecordAvatarBulkRepresentation),
	// not the map api.raml names for it (RecordAvatarBulkMapRepresentation, whose recorded example is in fact
	// the {hasErrors, results} shape).
	avatars := s.Find("GET", "/ui-api/record-avatars/batch/{recordIds}")
	if avatars == nil || avatars.Responses["200"] == nil {
		return fmt.Errorf("uiapitest: api.raml has no GET /ui-api/record-avatars/batch/{recordIds}")
	}
	avatars.Responses["200"] = &Type{Expr: "RecordAvatarBulkRepresentation"}

	// The quick action layout is {actionApiName, eTag, layout} on the wire (spec/data-layer.md section 3); the v55
	// api.raml answers the bare RecordLayoutRepresentation that is its layout.
	actionLayout := s.Find("GET", "/ui-api/actions/layout/{actionApiName}")
	if actionLayout == nil || actionLayout.Responses["200"] == nil {
		return fmt.Errorf("uiapitest: api.raml has no GET /ui-api/actions/layout/{actionApiName}")
	}
	actionLayout.Responses["200"] = &Type{Expr: "QuickActionLayoutRepresentation"}

	// v64.0 also takes the parameters of these calls in a POST body (spec/data-layer.md section 7 calls them
	// that way); the v55 api.raml has only the GET form. The response is the same.
	for _, alias := range []struct{ get, post string }{
		{"/ui-api/list-records/{objectApiName}/{listViewApiName}", ""},
		{"/ui-api/lookups/{objectApiName}/{fieldApiName}", ""},
		{"/ui-api/actions/record/{recordIds}/related-list/{relatedListId}", ""},
		{"/ui-api/actions/record/{recordIds}/related-list/batch/{relatedListIds}", "/ui-api/actions/record/{recordIds}/related-list/batch"},
	} {
		get := s.Find("GET", alias.get)
		if get == nil {
			return fmt.Errorf("uiapitest: api.raml has no GET %s", alias.get)
		}
		post := &Operation{Method: "POST", Path: get.Path, Responses: get.Responses}
		if alias.post != "" {
			post.Path = alias.post
		}
		s.Ops = append(s.Ops, post)
	}

	// LDS hand-rolled four properties onto the layout user state for its cache ("delete me after layout endpoint
	// is fixed"); the wire sends only id and sectionUserStates.
	for _, name := range []string{"apiName", "recordTypeId", "layoutType", "mode"} {
		if err := declare(s, "RecordLayoutUserStateRepresentation", name, "string", false); err != nil {
			return err
		}
	}
	// The items of a record write error carry null where no field (or no duplicate) applies, as the descriptions
	// of RecordExceptionErrorRepresentation say; the RAML types them as plain strings and objects.
	nullable := map[string]string{"constituentField": "string | nil", "duplicateRecordError": "DuplicateRecordErrorRepresentation | nil",
		"field": "string | nil", "fieldLabel": "string | nil"}
	for _, name := range sortedKeys(nullable) {
		if err := declare(s, "RecordExceptionErrorRepresentation", name, nullable[name], true); err != nil {
			return err
		}
	}
	// A failed item of the related-list action batch carries the read error list as its result, as every UI API
	// batch does; the hand-rolled RAML allows only the actions.
	if err := declare(s, "ActionBatchResultRepresentation", "result", "ActionRepresentation | WireReadErrorList", true); err != nil {
		return err
	}
	// A batch item that failed (an object-info batch's unknown object) carries the read-error list as its result.
	if err := declare(s, "SimplifiedBatchResultRepresentation", "result", "ObjectInfoRepresentation | WireReadErrorList", true); err != nil {
		return err
	}
	// A record of a batch read that failed (missing or hidden: 404) carries the read error list as its result, as
	// the other batches do.
	if err := declare(s, "BatchResultRepresentation", "result", "RecordRepresentation | WireReadErrorList", true); err != nil {
		return err
	}
	// List info's v64 properties that the 2022 api.raml predates: spec section 3 names them (scope, listShares,
	// searchable), and the list-info calls take scope and listShares as input.
	for prop, expr := range map[string]string{"scope": "any", "listShares": "any[]", "searchable": "boolean"} {
		if err := declare(s, "ListInfoRepresentation", prop, expr, false); err != nil {
			return err
		}
	}
	// Properties the recorded responses carry and api.raml does not declare.
	if err := declare(s, "BatchRepresentation", "hasErrors", "boolean", true); err != nil {
		return err
	}
	return declare(s, "RelatedListSummaryInfoRepresentation", "eTag", "string", false)
}

// declare sets a property of a named object type, replacing its declaration when it has one.
func declare(s *Spec, typeName, prop, expr string, required bool) error {
	t := s.Types[typeName]
	if t == nil {
		return fmt.Errorf("uiapitest: api.raml has no type %s", typeName)
	}
	if t.Props == nil {
		t.Props = map[string]*Prop{}
	}
	t.Props[prop] = &Prop{Name: prop, Required: required, Type: &Type{Expr: expr}}
	return nil
}

// ExampleType maps the folder names of contracts/uiapi/examples to the RAML type their responses have: the two
// template folders are named after the adapter, not the type.
func ExampleType(folder string) string {
	switch folder {
	case "CloneTemplateRepresentation":
		return "RecordDefaultsTemplateCloneRepresentation"
	case "CreateTemplateRepresentation":
		return "RecordDefaultsTemplateCreateRepresentation"
	case "RecordAvatarBulkMapRepresentation":
		return "RecordAvatarBulkRepresentation" // see the avatar batch quirk above
	}
	return folder
}
