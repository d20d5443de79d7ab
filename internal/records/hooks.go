package records

import (
	"context"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Hooks are what a domain package runs when records of one of its objects are written, whoever writes them (the
// records API, the console, typed domain code, a cascade). They run inside the write's transaction, once per
// batch, so they can keep derived state consistent (a cart recomputed when a line changes) or refuse the change
// (an error rolls everything back). Any of them may be nil.
//
//   - BeforeSave runs after the input is parsed and defaulted, before validation and the write: it may set values.
//   - AfterSave runs after the rows are written.
//   - BeforeDelete runs before the rows (and their cascaded children) are deleted; AfterDelete after.
//
// Hooks run for every writer: no actor, System included, skips them. Rules that guard data (before-save and
// before-delete checks) always run. A reaction (an after-save recalculation) that its own domain's writes must not
// set off again is skipped only when the write says so explicitly with Quiet (see quiet.go).
type Hooks struct {
	BeforeSave   func(ctx context.Context, ev *SaveEvent) error
	AfterSave    func(ctx context.Context, ev *SaveEvent) error
	BeforeDelete func(ctx context.Context, ev *DeleteEvent) error
	AfterDelete  func(ctx context.Context, ev *DeleteEvent) error
}

// SaveEvent is one batch of created or updated records of one object.
type SaveEvent struct {
	Tx      *db.Tx
	Actor   *identity.Principal
	Object  *Object
	Created bool
	Records []*Record
	// Old holds the records as they were before an update, in the order of Records (nil on create).
	Old []*Record
}

// DeleteEvent is one batch of deleted records of one object.
type DeleteEvent struct {
	Tx      *db.Tx
	Actor   *identity.Principal
	Object  *Object
	Records []*Record
}

// OnRecords registers hooks for an object (API name). Several packages may hook one object; hooks run in the order
// registered. Call it at start, before serving.
func (e *Engine) OnRecords(apiName string, h Hooks) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.hooks[apiName] = append(e.hooks[apiName], h)
}

func (e *Engine) hooksOf(o *Object) []Hooks {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.hooks[o.APIName]
}

func (e *Engine) runSave(ctx context.Context, after bool, ev *SaveEvent) error {
	for _, h := range e.hooksOf(ev.Object) {
		fn := h.BeforeSave
		if after {
			fn = h.AfterSave
		}
		if fn != nil {
			if err := fn(ctx, ev); err != nil {
				return err
			}
		}
	}
	return nil
}

func (e *Engine) runDelete(ctx context.Context, after bool, ev *DeleteEvent) error {
	for _, h := range e.hooksOf(ev.Object) {
		fn := h.BeforeDelete
		if after {
			fn = h.AfterDelete
		}
		if fn != nil {
			if err := fn(ctx, ev); err != nil {
				return err
			}
		}
	}
	return nil
}
