package actions

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// QuickAction is a quick action's definition: on which object it shows (or Global), whether it creates or updates
// a record of which object, the fields of its layout in order, and the values it starts them with.
type QuickAction struct {
	APIName string // Source + "." + name: "Account.NewContact", "Global.NewLead"
	Label   string
	Source  string // the object whose records show it, or "Global"
	Type    string // "Create" (a new Target record) or "Update" (the context record, of object Source)
	Target  string
	Fields  []string // the layout, one field a row
	// Defaults are literal starting values (a picklist value, "true").
	Defaults map[string]string
	// FromContext copies fields of the context record into the new one: target field -> context field. The one
	// copied from "Id" is the action's targetParentField (a new contact's AccountId).
	FromContext map[string]string
	Icon, Color string
}

// quickActions are the storefront's quick actions. A new one is a line here: the calls derive the rest.
var quickActions = []QuickAction{
	{APIName: "Global.NewAccount", Label: "New Account", Source: "Global", Type: "Create", Target: "Account",
		Fields: []string{"Name", "Phone", "Industry", "Website"}, Icon: "new_account", Color: "7F8DE1"},
	{APIName: "Global.NewLead", Label: "New Lead", Source: "Global", Type: "Create", Target: "Lead",
		Fields:   []string{"FirstName", "LastName", "Company", "Email", "Status"},
		Defaults: map[string]string{"Status": "Open - Not Contacted"}, Icon: "new_lead", Color: "F88962"},
	{APIName: "Global.NewCase", Label: "New Case", Source: "Global", Type: "Create", Target: "Case",
		Fields:   []string{"Subject", "Priority", "Origin", "Description"},
		Defaults: map[string]string{"Priority": "Medium"}, Icon: "new_case", Color: "F2CF5B"},
	{APIName: "Account.NewContact", Label: "New Contact", Source: "Account", Type: "Create", Target: "Contact",
		Fields:      []string{"FirstName", "LastName", "Email", "Phone", "AccountId"},
		FromContext: map[string]string{"AccountId": "Id"}, Icon: "new_contact", Color: "A094ED"},
	{APIName: "Account.NewCase", Label: "New Case", Source: "Account", Type: "Create", Target: "Case",
		Fields:   []string{"Subject", "Priority", "Origin", "AccountId", "Description"},
		Defaults: map[string]string{"Priority": "Medium", "Origin": "Phone"}, FromContext: map[string]string{"AccountId": "Id"},
		Icon: "new_case", Color: "F2CF5B"},
	{APIName: "Account.NewOpportunity", Label: "New Opportunity", Source: "Account", Type: "Create", Target: "Opportunity",
		Fields:   []string{"Name", "StageName", "CloseDate", "Amount", "AccountId"},
		Defaults: map[string]string{"StageName": "Prospecting"}, FromContext: map[string]string{"AccountId": "Id"},
		Icon: "new_opportunity", Color: "FCB95B"},
	{APIName: "Opportunity.NewCase", Label: "New Case", Source: "Opportunity", Type: "Create", Target: "Case",
		Fields:   []string{"Subject", "Priority", "AccountId", "Description"},
		Defaults: map[string]string{"Priority": "High"}, FromContext: map[string]string{"AccountId": "AccountId", "Subject": "Name"},
		Icon: "new_case", Color: "F2CF5B"},
	{APIName: "Case.CloseCase", Label: "Close Case", Source: "Case", Type: "Update", Target: "Case",
		Fields: []string{"Status", "Description"}, Defaults: map[string]string{"Status": "Closed"},
		Icon: "close", Color: "F2CF5B"},
	{APIName: "Lead.Qualify", Label: "Qualify", Source: "Lead", Type: "Update", Target: "Lead",
		Fields: []string{"Status", "Description"}, Defaults: map[string]string{"Status": "Working - Contacted"},
		Icon: "update_status", Color: "F88962"},
}

// findQuickAction returns the quick action of the API name (case-insensitive), or nil.
func findQuickAction(apiName string) *QuickAction {
	for i := range quickActions {
		if strings.EqualFold(quickActions[i].APIName, apiName) {
			return &quickActions[i]
		}
	}
	return nil
}

// ParentField is the target field filled with the context record's id (targetParentField), or "".
func (q *QuickAction) ParentField() string {
	for target, from := range q.FromContext {
		if from == "Id" {
			return target
		}
	}
	return ""
}

// usable reports whether the actor may do what the action does: create or update records of its target, from
// records of its source they may read.
func (q *QuickAction) usable(e *records.Engine, actor *identity.Principal, cat *records.Catalog) bool {
	target := cat.Object(q.Target)
	if target == nil {
		return false
	}
	if source := cat.Object(q.Source); q.Source != "Global" && (source == nil || !e.CanRead(actor, source)) {
		return false
	}
	if q.Type == "Update" {
		return e.CanUpdate(actor, target)
	}
	return e.CanCreate(actor, target)
}

// asAction is the quick action as a listed action.
func (q *QuickAction) asAction() action {
	return action{apiName: q.APIName, label: q.Label, kind: "QuickAction", subtype: q.Type, target: q.Target,
		icon: q.Icon, color: q.Color, section: "Page"}
}

// quickActionsOf lists the quick actions of a source (an object's API name or "Global") the actor may use.
func quickActionsOf(e *records.Engine, actor *identity.Principal, cat *records.Catalog, source string) []action {
	var out []action
	for i := range quickActions {
		q := &quickActions[i]
		if strings.EqualFold(q.Source, source) && q.usable(e, actor, cat) {
			out = append(out, q.asAction())
		}
	}
	return out
}

// standardButton is one of the standard buttons, with the object permission it needs.
type standardButton struct {
	apiName, label, icon, color string
	allowed                     func(e *records.Engine, actor *identity.Principal, o *records.Object) bool
}

func canCreate(e *records.Engine, a *identity.Principal, o *records.Object) bool {
	return e.CanCreate(a, o)
}
func canUpdate(e *records.Engine, a *identity.Principal, o *records.Object) bool {
	return e.CanUpdate(a, o)
}
func canDelete(e *records.Engine, a *identity.Principal, o *records.Object) bool {
	return e.CanDelete(a, o)
}

var (
	newButton    = standardButton{"New", "New", "new_custom19", "", canCreate}
	editButton   = standardButton{"Edit", "Edit", "edit", "1DCCBF", canUpdate}
	deleteButton = standardButton{"Delete", "Delete", "delete", "E6717C", canDelete}
	cloneButton  = standardButton{"Clone", "Clone", "clone", "6CA1E9", canCreate}
	// The buttons of a record form: saving needs the permission the form is for.
	saveButton       = standardButton{"SaveEdit", "Save", "new_custom19", "", nil}
	saveAndNewButton = standardButton{"SaveAndNew", "Save &amp; New", "new_custom19", "", canCreate}
	cancelButton     = standardButton{"CancelEdit", "Cancel", "new_custom19", "", nil}
)

// standardActions lists the buttons the actor may use on records of o; formAllowed is the permission a button
// without its own needs (the form's: update for an edit form, create for a create form).
func standardActions(e *records.Engine, actor *identity.Principal, o *records.Object, formAllowed func(*records.Engine, *identity.Principal, *records.Object) bool, buttons ...standardButton) []action {
	var out []action
	for _, b := range buttons {
		allowed := b.allowed
		if allowed == nil {
			allowed = formAllowed
		}
		if allowed != nil && !allowed(e, actor, o) {
			continue
		}
		out = append(out, action{apiName: b.apiName, label: b.label, kind: "StandardButton", target: o.APIName,
			icon: b.icon, color: b.color, section: "Page"})
	}
	return out
}
