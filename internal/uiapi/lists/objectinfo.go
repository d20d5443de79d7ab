package lists

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// listObjectInfo is the list-object-info representation: what a list of the object may show and filter.
type listObjectInfo struct {
	AvailableScopes          []availableScope `json:"availableScopes"`
	Columns                  []listColumn     `json:"columns"`
	Createable               bool             `json:"createable"`
	ObjectAPIName            string           `json:"objectApiName"`
	PublicOrSharedCreateable bool             `json:"publicOrSharedCreateable"`
	RelatedEntityAPIName     *string          `json:"relatedEntityApiName"`
}

type availableScope struct {
	APIName           string   `json:"apiName"`
	AvailableEntities []entity `json:"availableEntities"`
	Label             string   `json:"label"`
}

type entity struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

type listColumn struct {
	Alias                    *string         `json:"alias"`
	DataType                 string          `json:"dataType"`
	DefaultFilterOperator    *string         `json:"defaultFilterOperator"`
	Displayable              bool            `json:"displayable"`
	FieldAPIName             string          `json:"fieldApiName"`
	Filterable               bool            `json:"filterable"`
	Label                    string          `json:"label"`
	PicklistValues           []picklistValue `json:"picklistValues"`
	QuickFilterOperator      *string         `json:"quickFilterOperator"`
	QuickFilterOverrides     []string        `json:"quickFilterOverrides"`
	QuickFilterable          bool            `json:"quickFilterable"`
	Sortable                 bool            `json:"sortable"`
	SupportedFilterOperators []string        `json:"supportedFilterOperators"`
}

type picklistValue struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// filterOperators are the operators a filter on a field of the type supports.
func filterOperators(t records.FieldType) []string {
	switch t {
	case records.TypeBoolean, records.TypeID, records.TypeReference:
		return []string{"Equals", "NotEqual"}
	case records.TypeInt, records.TypeDouble, records.TypeCurrency, records.TypePercent, records.TypeDate, records.TypeDateTime:
		return []string{"Equals", "NotEqual", "LessThan", "GreaterThan", "LessOrEqual", "GreaterOrEqual"}
	case records.TypeMultiPicklist:
		return []string{"Equals", "NotEqual", "Includes", "Excludes"}
	}
	return []string{"Equals", "NotEqual", "LessThan", "GreaterThan", "LessOrEqual", "GreaterOrEqual", "Contains",
		"NotContain", "StartsWith"}
}

// GetListObjectInfo answers GET /list-object-info/{objectApiName}: the scopes a view of the object may have and
// every field the caller reads as a column.
func (h *Handler) GetListObjectInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	_, o, err := h.object(r.Context(), actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	out := &listObjectInfo{AvailableScopes: []availableScope{}, Columns: []listColumn{}, Createable: true,
		ObjectAPIName: o.APIName, PublicOrSharedCreateable: true}
	scopes := []string{ScopeEverything, ScopeMine}
	if o.Field("OwnerId") != nil {
		scopes = append(scopes, ScopeTeam)
	}
	for _, s := range scopes {
		out.AvailableScopes = append(out.AvailableScopes, availableScope{APIName: s, AvailableEntities: []entity{}, Label: scopeLabel(o, s)})
	}
	for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
		if !f.HasColumn() {
			continue
		}
		c := listColumn{DataType: recordsapi.DataType(f.Type), Displayable: true, FieldAPIName: f.APIName,
			Filterable: recordsapi.Filterable(f), Label: f.Label, PicklistValues: []picklistValue{},
			QuickFilterOverrides: []string{}, Sortable: recordsapi.Sortable(f), SupportedFilterOperators: []string{}}
		if c.Filterable {
			c.SupportedFilterOperators = filterOperators(f.Type)
			op := "Equals"
			c.DefaultFilterOperator = &op
			if textual(f) && f.Type != records.TypePicklist {
				q := "Contains"
				c.QuickFilterable, c.QuickFilterOperator = true, &q
			}
		}
		for _, pv := range f.Picklist {
			c.PicklistValues = append(c.PicklistValues, picklistValue{Label: pv.Label, Value: pv.Value})
		}
		out.Columns = append(out.Columns, c)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
