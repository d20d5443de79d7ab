// Package lists serves the list calls of the UI API (v64.0): list views as stored definitions (a standard set
// per object generated from its metadata, and the views users create), their records page by page, the most
// recently used list, list summaries, list-object info and each user's list preferences. Every read of records goes
// through the records engine's query API (records.Engine.Query): a view's filters, its scope, a search term and a
// where condition (SOQL's, through soql.Condition) become one filter tree, so that visibility and field security
// apply as they do for SOQL.
package lists

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"hash/fnv"
	"strconv"
	"strings"

	"storefront/internal/records"
)

// RecentName is the API name of an object's most recently used list (its listReference type is "mru").
const RecentName = "__Recent"

// View is a list view's definition: what the standard views generate and what a user's view stores (its JSON in
// sf_list_view.definition holds the fields with json tags).
type View struct {
	ID      string `json:"-"`
	Object  string `json:"-"`
	APIName string `json:"-"`
	// OwnerID is the user who created the view; "" for the standard views, which nobody edits.
	OwnerID string `json:"-"`
	// Stamp moves with every change (epoch ms): the eTag follows it.
	Stamp int64 `json:"-"`

	Label       string       `json:"label"`
	Columns     []string     `json:"displayColumns"` // field paths (Name, Owner.Name)
	Filters     []FilterItem `json:"filteredByInfo"`
	FilterLogic *string      `json:"filterLogicString"`
	OrderBy     []OrderItem  `json:"orderedBy"`
	Scope       *Scope       `json:"scope"`
	Visibility  string       `json:"visibility"` // Private or Public
	Shares      []string     `json:"listShares"` // ids of the users the view is shared with
}

// FilterItem is one filter of a view: the field, the operator and its operands, as ListFilterByInfo says them.
type FilterItem struct {
	Field    string   `json:"fieldApiName"`
	Operands []string `json:"operandLabels"`
	Operator string   `json:"operator"`
}

// OrderItem is one sort term of a view.
type OrderItem struct {
	Field     string `json:"fieldApiName"`
	Ascending bool   `json:"isAscending"`
}

// Scope narrows a view to everything the caller sees, the caller's own records (mine) or their team's.
type Scope struct {
	APIName         string  `json:"apiName"`
	EntityID        *string `json:"entityId"`
	RelatedEntityID *string `json:"relatedEntityId"`
}

// Scopes a view may have.
const (
	ScopeEverything = "everything"
	ScopeMine       = "mine"
	ScopeTeam       = "team"
)

// MRU reports whether the view is the object's most recently used list.
func (v *View) MRU() bool { return v.APIName == RecentName }

// Standard reports whether the view is generated from metadata (nobody owns, edits or deletes it).
func (v *View) Standard() bool { return v.OwnerID == "" }

// ETag is a hash of everything the view's info says, so that a changed view has a new one.
func (v *View) ETag() string {
	b, _ := json.Marshal(struct {
		*View
		ID, Object, APIName, Owner string
		Stamp                      int64
	}{v, v.ID, v.Object, v.APIName, v.OwnerID, v.Stamp})
	return hashOf(string(b))
}

// hashOf is the hex MD5 of s: the form of every eTag of this package.
func hashOf(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// VisibleTo reports whether a user sees the view: standard and public views everyone who reads the object, a
// private one its owner and the users it is shared with.
func (v *View) VisibleTo(userID string) bool {
	if v.Standard() || v.Visibility == "Public" || v.OwnerID == userID {
		return true
	}
	for _, s := range v.Shares {
		if s == userID {
			return true
		}
	}
	return false
}

// standardID is the fixed id of a standard view: the list view prefix 00B and a number from the object and name.
func standardID(object, apiName string) string {
	h := fnv.New64a()
	h.Write([]byte(strings.ToLower(object) + "/" + apiName))
	return records.StableID("00B", int64(h.Sum64()%839299365868340224)) // 62^10
}

// StandardViews are the views every object has, generated from its metadata: All {Plural}, the recent list, My
// {Plural} when records have owners, and the open-records views when a picklist says which values are closed or
// converted (All Open Leads, My Open Cases).
func StandardViews(o *records.Object) []*View {
	plural := strings.ReplaceAll(o.LabelPlural, " ", "")
	cols := defaultColumns(o)
	order := []OrderItem{}
	if nf := o.NameFieldName(); nf != "" {
		order = []OrderItem{{Field: nf, Ascending: true}}
	}
	mk := func(apiName, label, scope string, filters []FilterItem, order []OrderItem) *View {
		return &View{ID: standardID(o.APIName, apiName), Object: o.APIName, APIName: apiName, Label: label,
			Columns: cols, Filters: filters, OrderBy: order, Scope: &Scope{APIName: scope},
			Visibility: "Public", Shares: []string{}}
	}
	owned := o.Field("OwnerId") != nil
	views := []*View{mk("All"+plural, "All "+o.LabelPlural, ScopeEverything, []FilterItem{}, order)}
	if owned {
		views = append(views, mk("My"+plural, "My "+o.LabelPlural, ScopeMine, []FilterItem{}, order))
	}
	if f, open := openValues(o); f != "" {
		filters := []FilterItem{{Field: f, Operands: open, Operator: "Equals"}}
		views = append(views, mk("AllOpen"+plural, "All Open "+o.LabelPlural, ScopeEverything, filters, order))
		if owned {
			views = append(views, mk("MyOpen"+plural, "My Open "+o.LabelPlural, ScopeMine, filters, order))
		}
	}
	return append(views, mk(RecentName, "Recently Viewed", ScopeEverything, []FilterItem{}, []OrderItem{}))
}

// openValues finds a picklist whose values carry a closed or converted attribute (Case Status, Lead Status,
// Opportunity StageName) and lists its open values.
func openValues(o *records.Object) (string, []string) {
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Type != records.TypePicklist {
			continue
		}
		var open []string
		marked := false
		for _, pv := range f.Picklist {
			closed, ok1 := pv.Attributes["closed"].(bool)
			converted, ok2 := pv.Attributes["converted"].(bool)
			marked = marked || ok1 || ok2
			if !closed && !converted {
				open = append(open, pv.Value)
			}
		}
		if marked && len(open) > 0 {
			return f.APIName, open
		}
	}
	return "", nil
}

// defaultColumns are a standard view's columns: the name field, then up to five short fields that are not system
// fields, then the owner's name when records have owners. A record without a name field (a price book entry, an
// inventory row, a junction such as a buyer group member) is named by the records its required references point
// at, so those lead, shown by name ("Product2.Name"); a target without a Name field drops its column when the view
// is read, as any column that does not resolve.
func defaultColumns(o *records.Object) []string {
	var cols []string
	if nf := o.NameFieldName(); nf != "" {
		cols = append(cols, nf)
	} else {
		for i := range o.Fields {
			if f := &o.Fields[i]; f.Type == records.TypeReference && f.Required && f.RelationshipName != "" && !f.Hidden &&
				!systemField(f.APIName) {
				cols = append(cols, f.RelationshipName+".Name")
			}
		}
	}
	for i := range o.Fields {
		if len(cols) >= 6 {
			break
		}
		f := &o.Fields[i]
		if f.NameField || f.Hidden || !f.HasColumn() || systemField(f.APIName) || f.Type == records.TypeReference ||
			f.Type == records.TypeLongTextArea || f.Type == records.TypeTextArea || f.CompoundFieldName != "" {
			continue
		}
		cols = append(cols, f.APIName)
	}
	if f := o.Field("OwnerId"); f != nil && f.RelationshipName != "" {
		cols = append(cols, f.RelationshipName+".Name")
	}
	if len(cols) == 0 {
		cols = []string{"Id"}
	}
	return cols
}

func systemField(name string) bool {
	switch name {
	case "Id", "OwnerId", "CreatedById", "CreatedDate", "LastModifiedById", "LastModifiedDate", "SystemModstamp",
		"IsDeleted", "RecordTypeId", "CurrencyIsoCode":
		return true
	}
	return false
}

// itoa is strconv.Itoa, short for building page tokens and URLs.
func itoa(n int) string { return strconv.Itoa(n) }
