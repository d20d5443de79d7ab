package uiapi

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// ObjectInfo is ObjectInfoRepresentation, key for key.
type ObjectInfo struct {
	APIName               string                               `json:"apiName"`
	AssociateEntityType   *string                              `json:"associateEntityType"`
	AssociateParentEntity *string                              `json:"associateParentEntity"`
	ChildRelationships    []ChildRelationship                  `json:"childRelationships"`
	Createable            bool                                 `json:"createable"`
	Custom                bool                                 `json:"custom"`
	DefaultRecordTypeID   string                               `json:"defaultRecordTypeId"`
	Deletable             bool                                 `json:"deletable"`
	DependentFields       map[string]any                       `json:"dependentFields"`
	ETag                  string                               `json:"eTag"`
	FeedEnabled           bool                                 `json:"feedEnabled"`
	Fields                map[string]FieldInfo                 `json:"fields"`
	KeyPrefix             string                               `json:"keyPrefix"`
	Label                 string                               `json:"label"`
	LabelPlural           string                               `json:"labelPlural"`
	Layoutable            bool                                 `json:"layoutable"`
	MruEnabled            bool                                 `json:"mruEnabled"`
	NameFields            []string                             `json:"nameFields"`
	Queryable             bool                                 `json:"queryable"`
	RecordTypeInfos       map[string]recordsapi.RecordTypeInfo `json:"recordTypeInfos"`
	Searchable            bool                                 `json:"searchable"`
	ThemeInfo             ThemeInfo                            `json:"themeInfo"`
	Updateable            bool                                 `json:"updateable"`
}

// ChildRelationship is ChildRelationshipRepresentation.
type ChildRelationship struct {
	ChildObjectAPIName  string   `json:"childObjectApiName"`
	FieldName           string   `json:"fieldName"`
	JunctionIDListNames []string `json:"junctionIdListNames"`
	JunctionReferenceTo []string `json:"junctionReferenceTo"`
	RelationshipName    string   `json:"relationshipName"`
}

// ThemeInfo is ThemeInfoRepresentation.
type ThemeInfo struct {
	Color   string `json:"color"`
	IconURL string `json:"iconUrl"`
}

// ReferenceToInfo is ReferenceToInfoRepresentation.
type ReferenceToInfo struct {
	APIName    string   `json:"apiName"`
	NameFields []string `json:"nameFields"`
}

// FieldInfo is FieldRepresentation, key for key.
type FieldInfo struct {
	APIName               string            `json:"apiName"`
	Calculated            bool              `json:"calculated"`
	Compound              bool              `json:"compound"`
	CompoundComponentName *string           `json:"compoundComponentName"`
	CompoundFieldName     *string           `json:"compoundFieldName"`
	ControllerName        *string           `json:"controllerName"`
	ControllingFields     []string          `json:"controllingFields"`
	Createable            bool              `json:"createable"`
	Custom                bool              `json:"custom"`
	DataType              string            `json:"dataType"`
	ExtraTypeInfo         *string           `json:"extraTypeInfo"`
	Filterable            bool              `json:"filterable"`
	FilteredLookupInfo    any               `json:"filteredLookupInfo"`
	HighScaleNumber       bool              `json:"highScaleNumber"`
	HTMLFormatted         bool              `json:"htmlFormatted"`
	InlineHelpText        *string           `json:"inlineHelpText"`
	Label                 string            `json:"label"`
	Length                int               `json:"length"`
	NameField             bool              `json:"nameField"`
	PolymorphicForeignKey bool              `json:"polymorphicForeignKey"`
	Precision             int               `json:"precision"`
	Reference             bool              `json:"reference"`
	ReferenceTargetField  *string           `json:"referenceTargetField"`
	ReferenceToInfos      []ReferenceToInfo `json:"referenceToInfos"`
	RelationshipName      *string           `json:"relationshipName"`
	Required              bool              `json:"required"`
	Scale                 int               `json:"scale"`
	SearchPrefilterable   bool              `json:"searchPrefilterable"`
	Sortable              bool              `json:"sortable"`
	Unique                bool              `json:"unique"`
	Updateable            bool              `json:"updateable"`
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// GetObjectInfo answers GET /object-info/{objectApiName}. Objects the actor cannot read are NOT_FOUND, as unknown
// ones are.
func (h *Handler) GetObjectInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	o := cat.Object(r.PathValue("objectApiName"))
	if o == nil || !h.Engine.CanRead(actor, o) {
		return recordsapi.NotFound()
	}
	httpx.WriteJSON(w, http.StatusOK, h.buildObjectInfo(cat, actor, o))
	return nil
}

func (h *Handler) buildObjectInfo(cat *records.Catalog, actor *identity.Principal, o *records.Object) *ObjectInfo {
	info := &ObjectInfo{APIName: o.APIName, ChildRelationships: []ChildRelationship{},
		Createable: h.Engine.CanCreate(actor, o), Custom: o.Custom, DefaultRecordTypeID: records.DefaultRecordTypeID,
		Deletable: h.Engine.CanDelete(actor, o), DependentFields: map[string]any{}, FeedEnabled: !o.Custom,
		Fields: map[string]FieldInfo{}, KeyPrefix: o.KeyPrefix, Label: o.Label, LabelPlural: o.LabelPlural,
		Layoutable: true, MruEnabled: true, NameFields: nameFields(o), Queryable: o.Queryable,
		RecordTypeInfos: recordTypeInfos(o), Searchable: o.Searchable, ThemeInfo: themeInfo(o),
		Updateable: h.Engine.CanUpdate(actor, o)}
	for _, rt := range o.RecordTypes {
		if rt.Default {
			info.DefaultRecordTypeID = rt.ID
		}
	}
	for _, ch := range recordsapi.VisibleChildren(cat, h.Engine, actor, o) {
		info.ChildRelationships = append(info.ChildRelationships, ChildRelationship{ChildObjectAPIName: ch.ChildObject,
			FieldName: ch.FieldName, JunctionIDListNames: []string{}, JunctionReferenceTo: []string{},
			RelationshipName: ch.RelationshipName})
	}
	for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
		info.Fields[f.APIName] = h.buildFieldInfo(cat, actor, o, f)
		if f.ControllerName != "" {
			addDependent(info.DependentFields, f.ControllerName, f.APIName)
		}
	}
	b, _ := json.Marshal(info)
	sum := md5.Sum(b)
	info.ETag = hex.EncodeToString(sum[:])
	return info
}

// addDependent records controller -> dependent in the nested dependentFields map.
func addDependent(m map[string]any, controller, dependent string) {
	sub, _ := m[controller].(map[string]any)
	if sub == nil {
		sub = map[string]any{}
		m[controller] = sub
	}
	sub[dependent] = map[string]any{}
}

func (h *Handler) buildFieldInfo(cat *records.Catalog, actor *identity.Principal, o *records.Object, f *records.Field) FieldInfo {
	fi := FieldInfo{APIName: f.APIName, Compound: f.Type == records.TypeAddress, ControllerName: strPtr(f.ControllerName),
		ControllingFields: []string{}, Createable: h.Engine.FieldCreateable(actor, o, f), Custom: f.Custom,
		DataType: recordsapi.DataType(f.Type), Filterable: recordsapi.Filterable(f), Label: f.Label,
		NameField: f.NameField, PolymorphicForeignKey: len(f.ReferenceTo) > 1, Reference: f.Type == records.TypeReference,
		ReferenceToInfos: []ReferenceToInfo{}, Required: recordsapi.NeverEmpty(o, f), Sortable: recordsapi.Sortable(f),
		Unique: f.Unique || f.AutoNumber, Updateable: h.Engine.FieldUpdateable(actor, o, f)}
	if f.ControllerName != "" {
		fi.ControllingFields = []string{f.ControllerName}
	}
	switch f.Type {
	case records.TypeTextArea, records.TypeLongTextArea:
		fi.ExtraTypeInfo = strPtr("PlainTextArea")
	case records.TypeInt, records.TypeDouble, records.TypeCurrency, records.TypePercent:
		if f.Type != records.TypeInt {
			fi.Precision, fi.Scale = f.Precision, f.Scale
		}
	}
	if recordsapi.HasLength(f.Type) {
		fi.Length = f.Length
	}
	if f.CompoundFieldName != "" {
		fi.CompoundFieldName = strPtr(f.CompoundFieldName)
		prefix := strings.TrimSuffix(f.CompoundFieldName, "Address")
		fi.CompoundComponentName = strPtr(strings.TrimPrefix(f.APIName, prefix))
	}
	if f.Type == records.TypeReference {
		fi.RelationshipName = strPtr(f.RelationshipName)
		for _, t := range f.ReferenceTo {
			info := ReferenceToInfo{APIName: t, NameFields: []string{}}
			if target := cat.Object(t); target != nil {
				info.APIName, info.NameFields = target.APIName, nameFields(target)
			} else if t == "RecordType" {
				info.NameFields = []string{"Name"}
			}
			fi.ReferenceToInfos = append(fi.ReferenceToInfos, info)
		}
	}
	return fi
}

// nameFields lists the name fields: the name field, and for derived person names their parts first.
func nameFields(o *records.Object) []string {
	name := o.NameFieldName()
	if name == "" {
		return []string{}
	}
	if f := o.Field(name); f.ReadOnly && o.Field("FirstName") != nil && o.Field("LastName") != nil {
		return []string{"FirstName", "LastName", name}
	}
	return []string{name}
}

func recordTypeInfos(o *records.Object) map[string]recordsapi.RecordTypeInfo {
	out := map[string]recordsapi.RecordTypeInfo{}
	for _, rt := range recordsapi.RecordTypes(o) {
		out[rt.ID] = recordsapi.RecordTypeInfo{Available: true, DefaultRecordTypeMapping: rt.Default,
			Master: recordsapi.IsMaster(rt), Name: rt.Name, RecordTypeID: rt.ID}
	}
	return out
}

// themeInfo gives each object its colour and icon (recordsapi.Theme: icons served by package uiapi/avatars).
func themeInfo(o *records.Object) ThemeInfo {
	color, icon := recordsapi.Theme(o)
	return ThemeInfo{Color: color, IconURL: icon}
}

// DirectoryEntry is ObjectInfoDirectoryEntryRepresentation.
type DirectoryEntry struct {
	APIName             string    `json:"apiName"`
	Createable          bool      `json:"createable"`
	Custom              bool      `json:"custom"`
	DefaultRecordTypeID string    `json:"defaultRecordTypeId"`
	Deletable           bool      `json:"deletable"`
	KeyPrefix           string    `json:"keyPrefix"`
	Label               string    `json:"label"`
	LabelPlural         string    `json:"labelPlural"`
	Layoutable          bool      `json:"layoutable"`
	MruEnabled          bool      `json:"mruEnabled"`
	NameFields          []string  `json:"nameFields"`
	ObjectInfoURL       string    `json:"objectInfoUrl"`
	Queryable           bool      `json:"queryable"`
	Searchable          bool      `json:"searchable"`
	ThemeInfo           ThemeInfo `json:"themeInfo"`
	Updateable          bool      `json:"updateable"`
}

// GetObjectInfoDirectory answers GET /object-info with the objects the actor may read.
func (h *Handler) GetObjectInfoDirectory(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	objects := map[string]DirectoryEntry{}
	for _, o := range cat.Objects() {
		if !h.Engine.CanRead(actor, o) {
			continue
		}
		objects[o.APIName] = DirectoryEntry{APIName: o.APIName, Createable: h.Engine.CanCreate(actor, o), Custom: o.Custom,
			DefaultRecordTypeID: records.DefaultRecordTypeID, Deletable: h.Engine.CanDelete(actor, o), KeyPrefix: o.KeyPrefix,
			Label: o.Label, LabelPlural: o.LabelPlural, Layoutable: true, MruEnabled: true, NameFields: nameFields(o),
			ObjectInfoURL: apiversion.Path(r.Context(), Base+"/object-info/"+o.APIName), Queryable: o.Queryable, Searchable: o.Searchable,
			ThemeInfo: themeInfo(o), Updateable: h.Engine.CanUpdate(actor, o)}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"objects": objects})
	return nil
}

// ObjectInfoOf is the object-info representation of o for the actor, for other groups that embed object infos
// (record defaults and templates).
func (h *Handler) ObjectInfoOf(cat *records.Catalog, actor *identity.Principal, o *records.Object) any {
	return h.buildObjectInfo(cat, actor, o)
}
