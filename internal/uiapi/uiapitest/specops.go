package uiapitest

// SpecOp names one call of spec/data-layer.md section 7, as the spec writes it (under /services/data/v64.0).
type SpecOp struct {
	Method string
	Path   string
}

func (o SpecOp) String() string { return o.Method + " " + o.Path }

// SpecOperations are the UI API calls of spec/data-layer.md section 7 that api.raml (with the POST forms of
// quirks.go) describes: a conformance suite must exercise each one and check its response with CheckResponse.
var SpecOperations = []SpecOp{
	{"GET", "/ui-api/records/{recordId}"},
	{"GET", "/ui-api/records/batch/{recordIds}"},
	{"POST", "/ui-api/records"},
	{"PATCH", "/ui-api/records/{recordId}"},
	{"DELETE", "/ui-api/records/{recordId}"},
	{"GET", "/ui-api/record-ui/{recordIds}"},
	{"GET", "/ui-api/record-defaults/create/{objectApiName}"},
	{"GET", "/ui-api/record-defaults/template/create/{objectApiName}"},
	{"GET", "/ui-api/record-defaults/template/clone/{recordId}"},
	{"POST", "/ui-api/list-records/{objectApiName}/{listViewApiName}"},
	{"GET", "/ui-api/list-records/{listViewId}"},
	{"GET", "/ui-api/list-ui/{objectApiName}/{listViewApiName}"},
	{"GET", "/ui-api/list-ui/{listViewId}"},
	{"GET", "/ui-api/list-ui/{objectApiName}"},
	{"GET", "/ui-api/mru-list-ui/{objectApiName}"},
	{"GET", "/ui-api/mru-list-records/{objectApiName}"},
	{"GET", "/ui-api/list-info/batch"},
	{"GET", "/ui-api/list-info/{objectApiName}/{listViewApiName}"},
	{"GET", "/ui-api/object-info/{objectApiName}"},
	{"GET", "/ui-api/object-info"},
	{"GET", "/ui-api/object-info/batch/{objectApiNames}"},
	{"GET", "/ui-api/object-info/{objectApiName}/picklist-values/{recordTypeId}"},
	{"GET", "/ui-api/object-info/{objectApiName}/picklist-values/{recordTypeId}/{fieldApiName}"},
	{"GET", "/ui-api/layout/{objectApiName}"},
	{"GET", "/ui-api/layout/{objectApiName}/user-state"},
	{"PATCH", "/ui-api/layout/{objectApiName}/user-state"},
	{"GET", "/ui-api/actions/global"},
	{"GET", "/ui-api/actions/layout/{actionApiName}"},
	{"GET", "/ui-api/actions/lookup/{objectApiNames}"},
	{"GET", "/ui-api/actions/object/{objectApiName}/record-create"},
	{"GET", "/ui-api/actions/record-defaults/{actionApiName}"},
	{"GET", "/ui-api/actions/record/{recordIds}"},
	{"GET", "/ui-api/actions/record/{recordIds}/record-edit"},
	{"GET", "/ui-api/actions/record/{recordIds}/related-list-record/{relatedListRecordIds}"},
	{"POST", "/ui-api/actions/record/{recordIds}/related-list/{relatedListId}"},
	{"POST", "/ui-api/actions/record/{recordIds}/related-list/batch"},
	{"GET", "/ui-api/apps"},
	{"GET", "/ui-api/apps/{appId}"},
	{"GET", "/ui-api/nav-items"},
	{"GET", "/ui-api/duplicates/{objectApiName}"},
	{"POST", "/ui-api/predupe"},
	{"GET", "/ui-api/related-list-count/batch/{parentRecordId}/{relatedListNames}"},
	{"GET", "/ui-api/related-list-count/{parentRecordId}/{relatedListId}"},
	{"GET", "/ui-api/related-list-info/batch/{parentObjectApiName}/{relatedListNames}"},
	{"GET", "/ui-api/related-list-info/{parentObjectApiName}"},
	{"GET", "/ui-api/related-list-info/{parentObjectApiName}/{relatedListId}"},
	{"PATCH", "/ui-api/related-list-info/{parentObjectApiName}/{relatedListId}"},
	{"GET", "/ui-api/related-list-preferences/batch/{preferencesIds}"},
	{"GET", "/ui-api/related-list-preferences/{preferencesId}"},
	{"PATCH", "/ui-api/related-list-preferences/{preferencesId}"},
	{"POST", "/ui-api/related-list-records/{parentRecordId}/{relatedListId}"},
	{"POST", "/ui-api/related-list-records/batch/{parentRecordId}"},
	{"POST", "/ui-api/lookups/{objectApiName}/{fieldApiName}"},
	{"GET", "/ui-api/record-avatars/batch/{recordIds}"},
	{"POST", "/ui-api/record-avatars/{recordId}/association"},
}

// SpecOperationsNotInRAML are the section 7 calls the 2022 api.raml has no operation for (newer calls, or
// multipart uploads). Their shapes come from the spec and contracts/README.md alone; a test keeps this list honest
// so a refreshed api.raml moves them into SpecOperations.
var SpecOperationsNotInRAML = []SpecOp{
	{"POST", "/ui-api/records/batch"},
	{"GET", "/ui-api/list-info/{objectApiName}"},
	{"POST", "/ui-api/list-info/{objectApiName}"},
	{"PATCH", "/ui-api/list-info/{objectApiName}/{listViewApiName}"},
	{"DELETE", "/ui-api/list-info/{objectApiName}/{listViewApiName}"},
	{"GET", "/ui-api/list-object-info/{objectApiName}"},
	{"GET", "/ui-api/list-preferences/{objectApiName}/{listViewApiName}"},
	{"PATCH", "/ui-api/list-preferences/{objectApiName}/{listViewApiName}"},
	{"GET", "/ui-api/path/layout/{objectApiName}"},
	{"GET", "/ui-api/actions/overrides/{objectApiName}"},
	{"GET", "/ui-api/actions/formula-activation/{actionFeature}"},
	{"GET", "/ui-api/actions/quick-action-info/{actionApiName}"},
	{"PATCH", "/ui-api/actions/perform-quick-action/{actionApiName}"},
	{"POST", "/ui-api/actions/perform-quick-action/{actionApiName}"},
	{"GET", "/ui-api/search-info/{objectApiName}/filters"},
	{"GET", "/ui-api/search-info/{objectApiName}/filters/{filterApiName}/options"},
	{"GET", "/ui-api/search-info/{objectApiName}/lookup/{fieldApiName}"},
	{"POST", "/ui-api/search/results"},
	{"POST", "/ui-api/search/results/keyword"},
	{"POST", "/ui-api/records/content-documents/{contentDocumentId}/content-versions"},
	{"POST", "/ui-api/records/content-documents/content-versions"},
}
