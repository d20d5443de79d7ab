package soql

import (
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Condition translates a SOQL condition (the text that follows WHERE) on object into the engine's filter tree,
// resolved with the caller's field security, so that the UI API's list `where` parameter and SOQL share one filter
// model and one set of errors. Anything but a condition (ORDER BY, LIMIT, a second statement) is refused.
func Condition(text, object string, cat *records.Catalog, engine *records.Engine, actor *identity.Principal, dialect db.Dialect, now time.Time) (records.Filter, *Error) {
	q, err := Parse("SELECT Id FROM " + object + " WHERE " + text)
	if err != nil {
		return nil, err
	}
	if q.GroupBy != nil || q.Having != nil || q.OrderBy != nil || q.Limit != nil || q.Offset != nil {
		return nil, malformed(-1, "the condition must be a WHERE condition only: %s", text)
	}
	plan, err := Compile(q, cat, engine, actor, dialect, now)
	if err != nil {
		return nil, err
	}
	return plan.filter, nil
}
