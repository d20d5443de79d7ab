package records

import (
	"context"
	"net/http"

	"storefront/internal/identity"
)

// What the engine knows of duplicate management (the rules themselves and their matching live in package
// uiapi/duplicates, which refuses saves from a before-save hook): the refusal's code and contents, and the
// caller's wish to save anyway, which every API carries the same way in the write's context.

// CodeDuplicates is the error code of a save a duplicate rule blocks.
const CodeDuplicates = "DUPLICATES_DETECTED"

// DuplicatesMessage is the message of that refusal, as Salesforce words it.
const DuplicatesMessage = "Use one of these records?"

// DuplicateResult is what a duplicate rule found: the rule, the matching rule that matched and the existing
// records it matched (their ids, as far as the writer may see them).
type DuplicateResult struct {
	Rule        string
	MatchRule   string
	MatchEngine string
	Object      *Object
	AllowSave   bool
	RecordIDs   []string
}

// RefuseDuplicates is the refusal of a save that duplicate rules block.
func RefuseDuplicates(results []*DuplicateResult) *WriteError {
	fe := FieldError{Code: CodeDuplicates, Message: DuplicatesMessage}
	if len(results) > 0 {
		fe.Duplicates = results[0]
	}
	we := &WriteError{Status: http.StatusBadRequest, Errors: []FieldError{fe}}
	for _, r := range results[min(1, len(results)):] {
		we.Errors = append(we.Errors, FieldError{Code: CodeDuplicates, Message: DuplicatesMessage, Duplicates: r})
	}
	return we
}

type allowDuplicatesKey struct{}

// AllowDuplicates marks the writes made with ctx as saved even where a duplicate rule would block them (the UI
// API's allowSaveOnDuplicate, the REST API's Sforce-Duplicate-Rule-Header: allowSave=true).
func AllowDuplicates(ctx context.Context) context.Context {
	return context.WithValue(ctx, allowDuplicatesKey{}, true)
}

// DuplicatesAllowed reports whether the writes of ctx may save duplicates.
func DuplicatesAllowed(ctx context.Context) bool {
	v, _ := ctx.Value(allowDuplicatesKey{}).(bool)
	return v
}

// ModifiesAll reports whether the actor holds Modify All Data (an administrator: System code, a Store
// Administrator): what editing settings such as duplicate rules needs.
func (e *Engine) ModifiesAll(actor *identity.Principal) bool {
	return actor != nil && (isSystem(actor) || (Signed(actor) && actor.Staff && e.rightsOf(actor).modifyAll))
}
