package apps

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// NavItem is NavItemRepresentation, key for key.
type NavItem struct {
	AvailableInClassic   bool     `json:"availableInClassic"`
	AvailableInLightning bool     `json:"availableInLightning"`
	Color                string   `json:"color"`
	Content              *string  `json:"content"`
	Custom               bool     `json:"custom"`
	DeveloperName        string   `json:"developerName"`
	IconURL              string   `json:"iconUrl"`
	ID                   *string  `json:"id"`
	ItemType             string   `json:"itemType"`
	Label                string   `json:"label"`
	ObjectAPIName        string   `json:"objectApiName"`
	ObjectLabel          *string  `json:"objectLabel"`
	ObjectLabelPlural    *string  `json:"objectLabelPlural"`
	PageReference        *pageRef `json:"pageReference"`
	StandardType         *string  `json:"standardType"`
}

// pageRef is PageReferenceRepresentation: where the client navigates for the item (the object's home).
type pageRef struct {
	Attributes map[string]any `json:"attributes"`
	State      map[string]any `json:"state"`
	Type       string         `json:"type"`
}

// navItemName is the developer name of an object's tab, as Salesforce names standard tabs.
func navItemName(objectAPIName string) string { return "standard-" + objectAPIName }

// navItem is the tab of an object.
func navItem(o *records.Object) NavItem {
	theme := recordsapi.ThemeInfoOf(o)
	content := "/" + o.KeyPrefix + "/o"
	label, plural := o.Label, o.LabelPlural
	return NavItem{AvailableInClassic: true, AvailableInLightning: true, Color: theme.Color, Content: &content,
		Custom: o.Custom, DeveloperName: navItemName(o.APIName), IconURL: theme.IconURL, ItemType: "Entity",
		Label: o.LabelPlural, ObjectAPIName: o.APIName, ObjectLabel: &label, ObjectLabelPlural: &plural,
		PageReference: &pageRef{Type: "standard__objectPage", State: map[string]any{},
			Attributes: map[string]any{"objectApiName": o.APIName, "actionName": "home"}}}
}

// visibleNavItems are the tabs of the objects the actor may read, in the order given; objects unknown to the
// metadata or unreadable to the actor have none.
func visibleNavItems(e *records.Engine, actor *identity.Principal, cat *records.Catalog, objects []string) []NavItem {
	out := []NavItem{}
	for _, name := range objects {
		if o := cat.Object(name); o != nil && e.CanRead(actor, o) {
			out = append(out, navItem(o))
		}
	}
	return out
}

// tabs are the app's tabs the actor sees, nil when the app is not theirs (they may not read its home object).
func tabs(e *records.Engine, actor *identity.Principal, cat *records.Catalog, d *definition) []NavItem {
	items := visibleNavItems(e, actor, cat, d.objects)
	if len(items) == 0 || items[0].ObjectAPIName != d.objects[0] {
		return nil
	}
	return items
}

// allNavObjects are the objects of every app's tabs, each once, in app order.
func allNavObjects() []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range definitions {
		for _, o := range a.objects {
			if key := strings.ToLower(o); !seen[key] {
				seen[key] = true
				out = append(out, o)
			}
		}
	}
	return out
}
