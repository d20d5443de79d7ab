package soql

import (
	"strings"
	"unicode/utf8"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// TermFilter is the condition a search term puts on an object's rows, exactly as SOSL applies it (search.go): each
// word of the term (a "quoted phrase" whole, * and ? as wildcards) found, case-insensitively, in one of the fields
// of the scope (ALL, NAME, EMAIL, PHONE) the actor may read. The UI API's search and lookups read through
// records.Engine.Query with it, so there is one search rule. ok is false when the term has no word or the object
// no searched field (nothing can match).
func TermFilter(e *records.Engine, actor *identity.Principal, o *records.Object, term, scope string) (records.Filter, bool) {
	pats, fields := words(term), searchedFields(e, o, strings.ToUpper(scope), actor)
	if len(pats) == 0 || len(fields) == 0 {
		return nil, false
	}
	all := make(records.And, 0, len(pats))
	for _, pat := range pats {
		any := make(records.Or, 0, len(fields))
		for _, f := range fields {
			any = append(any, &records.Cond{Field: f, Op: records.OpLike, Value: pat})
		}
		all = append(all, any)
	}
	return all, true
}

// TermTooShort reports a term SOSL refuses: fewer than two characters once wildcards, quotes and spaces are left
// out ("search term must be longer than one character").
func TermTooShort(term string) bool {
	return utf8.RuneCountInString(strings.NewReplacer("*", "", "?", "", `"`, "", " ", "").Replace(term)) < 2
}
