package sobjects

import (
	"net/http"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// ObjectSummary is DescribeGlobalSObjectResult, and the objectDescribe of GET sobjects/{object}.
type ObjectSummary struct {
	Activateable        bool              `json:"activateable"`
	Createable          bool              `json:"createable"`
	Custom              bool              `json:"custom"`
	CustomSetting       bool              `json:"customSetting"`
	Deletable           bool              `json:"deletable"`
	DeprecatedAndHidden bool              `json:"deprecatedAndHidden"`
	FeedEnabled         bool              `json:"feedEnabled"`
	KeyPrefix           string            `json:"keyPrefix"`
	Label               string            `json:"label"`
	LabelPlural         string            `json:"labelPlural"`
	Layoutable          bool              `json:"layoutable"`
	Mergeable           bool              `json:"mergeable"`
	MruEnabled          bool              `json:"mruEnabled"`
	Name                string            `json:"name"`
	Queryable           bool              `json:"queryable"`
	Replicateable       bool              `json:"replicateable"`
	Retrieveable        bool              `json:"retrieveable"`
	Searchable          bool              `json:"searchable"`
	Triggerable         bool              `json:"triggerable"`
	Undeletable         bool              `json:"undeletable"`
	Updateable          bool              `json:"updateable"`
	URLs                map[string]string `json:"urls"`
}

// Describe is DescribeSObjectResult: the summary with fields, child relationships and record types.
type Describe struct {
	ObjectSummary
	ChildRelationships []ChildRelationship `json:"childRelationships"`
	Fields             []FieldDescribe     `json:"fields"`
	RecordTypeInfos    []RecordTypeInfo    `json:"recordTypeInfos"`
}

// ChildRelationship is one entry of childRelationships.
type ChildRelationship struct {
	CascadeDelete       bool   `json:"cascadeDelete"`
	ChildSObject        string `json:"childSObject"`
	DeprecatedAndHidden bool   `json:"deprecatedAndHidden"`
	Field               string `json:"field"`
	RelationshipName    string `json:"relationshipName"`
	RestrictedDelete    bool   `json:"restrictedDelete"`
}

// RecordTypeInfo is one entry of recordTypeInfos.
type RecordTypeInfo struct {
	Active                   bool              `json:"active"`
	Available                bool              `json:"available"`
	DefaultRecordTypeMapping bool              `json:"defaultRecordTypeMapping"`
	DeveloperName            string            `json:"developerName"`
	Master                   bool              `json:"master"`
	Name                     string            `json:"name"`
	RecordTypeID             string            `json:"recordTypeId"`
	URLs                     map[string]string `json:"urls"`
}

// summary describes an object for the caller: its rights are the caller's.
func (h *Handler) summary(r *http.Request, actor *identity.Principal, o *records.Object) ObjectSummary {
	base := apiversion.Path(r.Context(), Base+"sobjects/"+o.APIName)
	return ObjectSummary{Createable: h.Engine.CanCreate(actor, o), Custom: o.Custom, Deletable: h.Engine.CanDelete(actor, o),
		FeedEnabled: !o.Custom, KeyPrefix: o.KeyPrefix, Label: o.Label, LabelPlural: o.LabelPlural, Layoutable: true,
		MruEnabled: true, Name: o.APIName, Queryable: o.Queryable, Replicateable: true, Retrieveable: true,
		Searchable: o.Searchable, Triggerable: true, Updateable: h.Engine.CanUpdate(actor, o),
		URLs: map[string]string{"sobject": base, "describe": base + "/describe", "rowTemplate": base + "/{ID}"}}
}

// object is the object named in the path when the caller may read it; NOT_FOUND otherwise, as for unknown ones.
func (h *Handler) object(r *http.Request, actor *identity.Principal) (*records.Catalog, *records.Object, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, nil, err
	}
	o := cat.Object(r.PathValue("object"))
	if o == nil || !h.Engine.CanRead(actor, o) {
		return nil, nil, recordsapi.NotFound()
	}
	return cat, o, nil
}

// Global answers GET sobjects: every object the caller may read.
func (h *Handler) Global() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		cat, err := h.Engine.Catalog(r.Context())
		if err != nil {
			return err
		}
		list := []ObjectSummary{}
		for _, o := range cat.Objects() {
			if h.Engine.CanRead(actor, o) {
				list = append(list, h.summary(r, actor, o))
			}
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"encoding": "UTF-8", "maxBatchSize": 200, "sobjects": list})
		return nil
	})
}

// Basic answers GET sobjects/{object}: the summary and the caller's recent items (none are tracked).
func (h *Handler) Basic() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"objectDescribe": h.summary(r, actor, o), "recentItems": []any{}})
		return nil
	})
}

// Describe answers GET sobjects/{object}/describe with the fields the caller may read.
func (h *Handler) Describe() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		cat, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		d := Describe{ObjectSummary: h.summary(r, actor, o), ChildRelationships: []ChildRelationship{},
			Fields: []FieldDescribe{}, RecordTypeInfos: recordTypeInfos(r, o)}
		for _, ch := range recordsapi.VisibleChildren(cat, h.Engine, actor, o) {
			rule := ch.Field.DeleteRule()
			d.ChildRelationships = append(d.ChildRelationships, ChildRelationship{ChildSObject: ch.Object.APIName,
				CascadeDelete: rule == records.DeleteCascade, Field: ch.FieldName, RelationshipName: ch.RelationshipName,
				RestrictedDelete: rule == records.DeleteRestrict})
		}
		for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
			d.Fields = append(d.Fields, h.describeField(cat, actor, o, f))
		}
		httpx.WriteJSON(w, http.StatusOK, d)
		return nil
	})
}

// recordTypeInfos lists the object's record types; an object without any has the master one.
func recordTypeInfos(r *http.Request, o *records.Object) []RecordTypeInfo {
	info := func(id, dev, name string, def, master bool) RecordTypeInfo {
		return RecordTypeInfo{Active: true, Available: true, DefaultRecordTypeMapping: def, DeveloperName: dev,
			Master: master, Name: name, RecordTypeID: id,
			URLs: map[string]string{"layout": apiversion.Path(r.Context(), Base+"sobjects/"+o.APIName+"/describe/layouts/"+id)}}
	}
	rts := recordsapi.RecordTypes(o)
	out := make([]RecordTypeInfo, 0, len(rts))
	for _, rt := range rts {
		out = append(out, info(rt.ID, rt.DeveloperName, rt.Name, rt.Default, recordsapi.IsMaster(rt)))
	}
	return out
}
