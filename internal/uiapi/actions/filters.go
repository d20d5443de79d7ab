package actions

import (
	"net/url"
	"slices"
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/recordsapi"
)

// The values api.raml allows for the action filters.
var (
	actionTypeValues    = []string{"ActionLink", "CustomButton", "InvocableAction", "ProductivityAction", "QuickAction", "StandardButton"}
	sectionValues       = []string{"ActivityComposer", "CollaborateComposer", "Page", "SingleActionLinks"}
	retrievalModeValues = []string{"All", "PageLayout"}
	formFactorValues    = []string{"Large", "Medium", "Small"}
)

// filters are the parameters every action list takes (query parameters of the GET calls, the body of the
// related-list POSTs): which action types, API names and sections to keep. Empty means all.
type filters struct {
	actionTypes, apiNames, sections []string
	formFactor, retrievalMode       string
}

// filtersFromQuery reads and checks the filters of a GET call.
func filtersFromQuery(q url.Values) (filters, error) {
	f := filters{actionTypes: recordsapi.SplitList(q["actionTypes"]...), apiNames: recordsapi.SplitList(q["apiNames"]...),
		sections: recordsapi.SplitList(q["sections"]...), formFactor: q.Get("formFactor"), retrievalMode: q.Get("retrievalMode")}
	return f, f.check()
}

// check refuses values outside the enumerations, naming the parameter and the values it takes.
func (f filters) check() error {
	for _, p := range []struct {
		name    string
		values  []string
		allowed []string
	}{
		{"actionTypes", f.actionTypes, actionTypeValues},
		{"sections", f.sections, sectionValues},
		{"formFactor", nonEmpty(f.formFactor), formFactorValues},
		{"retrievalMode", nonEmpty(f.retrievalMode), retrievalModeValues},
	} {
		for _, v := range p.values {
			if !slices.Contains(p.allowed, v) {
				return httpx.BadRequest("INVALID_INPUT", "Invalid value for %s: %s. Valid values are %s.", p.name, v,
					strings.Join(p.allowed, ", "))
			}
		}
	}
	return nil
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// keep reports whether the filters let the action through. Sections filter only the actions that have one.
func (f filters) keep(a action) bool {
	if len(f.actionTypes) > 0 && !slices.Contains(f.actionTypes, a.kind) {
		return false
	}
	if len(f.apiNames) > 0 && !slices.ContainsFunc(f.apiNames, func(n string) bool { return strings.EqualFold(n, a.apiName) }) {
		return false
	}
	return len(f.sections) == 0 || slices.Contains(f.sections, a.section)
}

// place builds the wire actions of the kept ones in the placement.
func (f filters) place(list []action, p placement) []PlatformAction {
	out := []PlatformAction{}
	for _, a := range list {
		if f.keep(a) {
			out = append(out, platformAction(a, p))
		}
	}
	return out
}
