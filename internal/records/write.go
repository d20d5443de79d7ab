package records

import (
	"context"
	"maps"
	"net/http"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// The write path. Insert, UpdateMany and DeleteMany work on a batch inside the caller's transaction with a fixed
// number of statements whatever the batch's size (one multi-row INSERT or UPDATE per chunk of rows, one query per
// reference target and unique field), so a 100-line cart add costs what a 1-line add costs plus the rows. Create,
// Update and Delete are the one-record forms with their own transaction, for the records API.

// Create validates and inserts a record of the object, all or nothing. The Id field of the input is dropped.
func (e *Engine) Create(ctx context.Context, actor *identity.Principal, apiName string, input map[string]any) (*Record, error) {
	var rec *Record
	err := e.inTx(ctx, apiName, func(tx *db.Tx) error {
		recs, err := e.Insert(ctx, tx, actor, apiName, []map[string]any{input})
		if err == nil {
			rec = recs[0]
		}
		return err
	})
	return rec, err
}

// inTx runs fn in a transaction. A PostgreSQL auto-number from the field's sequence is unique, but one could still
// meet a number stored before the sequence caught up with it; the unique index refuses it, and the write tries again (unless the transaction is the caller's, see InTx: the caller's whole work would have to
// run again).
func (e *Engine) inTx(ctx context.Context, apiName string, fn func(tx *db.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := e.DB.InTx(ctx, fn)
		if err != nil && db.IsUniqueViolation(err) && attempt < 3 && db.TxFrom(ctx) == nil {
			if cat, cerr := e.Catalog(ctx); cerr == nil && cat.Object(apiName) != nil && hasAutoNumber(cat.Object(apiName)) {
				continue
			}
		}
		return err
	}
}

// Insert validates and inserts records of one object inside tx, all or nothing: a *WriteError names the first
// refused record (Index). The System actor may give records their own Id (seeded data with stable ids).
func (e *Engine) Insert(ctx context.Context, tx *db.Tx, actor *identity.Principal, apiName string, inputs []map[string]any) ([]*Record, error) {
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	o := cat.Object(apiName)
	if o == nil {
		return nil, writeErr(http.StatusBadRequest, "INVALID_TYPE", "sObject type '%s' is not supported.", apiName)
	}
	if !e.CanCreate(actor, o) {
		return nil, insufficientAccess()
	}
	recs := make([]*Record, len(inputs))
	changed := make([]map[string]any, len(inputs))
	errs := make([]*WriteError, len(inputs))
	var accounts map[string]bool // the buyer's accounts, read once for the batch
	for i, input := range inputs {
		ch, perr := e.parseInput(actor, o, input, true)
		rec := &Record{Object: o, ID: newRecordID(actor, o, input), Values: make(map[string]any, len(o.Fields))}
		for _, f := range columnFields(o) {
			if v, ok := ch[f.APIName]; ok {
				rec.Values[f.APIName] = v
			} else {
				rec.Values[f.APIName] = defaultValue(f)
			}
		}
		rec.Values["Id"] = rec.ID
		if rec.Values["RecordTypeId"] == nil {
			rec.Values["RecordTypeId"] = defaultRecordType(o)
		}
		if o.Owned && rec.Values["OwnerId"] == nil && actor.UserID != "" {
			rec.Values["OwnerId"] = actor.UserID
		}
		if !sees(actor) {
			if accounts == nil {
				if accounts, err = buyerAccounts(ctx, tx, actor); err != nil {
					return nil, err
				}
			}
			if serr := scopeBuyerCreate(actor, rec, accounts); serr != nil {
				return nil, serr
			}
		}
		deriveNames(rec)
		recs[i], changed[i] = rec, ch
		if perr != nil { // report what else is wrong with the record too (a missing required field)
			errs[i] = joinWriteErrors(perr, validateRecord(rec, ch, true))
		}
	}
	if err := firstError(errs); err != nil {
		return nil, err
	}
	if err := e.runSave(ctx, false, &SaveEvent{Tx: tx, Actor: actor, Object: o, Created: true, Records: recs}); err != nil {
		return nil, err
	}
	for i, rec := range recs {
		errs[i] = validateRecord(rec, changed[i], true)
	}
	if err := firstError(errs); err != nil {
		return nil, err
	}
	if err := e.checkIntegrity(ctx, tx, cat, actor, recs, changed); err != nil {
		return nil, err
	}
	if err := fillAutoNumbers(ctx, tx, recs); err != nil {
		return nil, err
	}
	stamp := e.stamp(time.Time{})
	for _, rec := range recs {
		for _, name := range []string{"CreatedDate", "LastModifiedDate", "SystemModstamp"} {
			rec.Values[name] = stamp
		}
		rec.Values["CreatedById"] = nilIfEmpty(actor.UserID)
		rec.Values["LastModifiedById"] = nilIfEmpty(actor.UserID)
	}
	if err := insertRows(ctx, tx, o, recs); err != nil {
		return nil, err
	}
	existingIn(tx).add(recordIDs(recs))
	keptRows(tx).keep(recs)
	return recs, e.runSave(ctx, true, &SaveEvent{Tx: tx, Actor: actor, Object: o, Created: true, Records: recs})
}

// newRecordID is a fresh id, or the one a System actor's input gives (when it is an id of the object).
func newRecordID(actor *identity.Principal, o *Object, input map[string]any) string {
	if isSystem(actor) {
		for k, v := range input {
			if s, ok := v.(string); ok && strings.EqualFold(k, "Id") {
				if id, ok := NormalizeID(s); ok && KeyPrefix(id) == o.KeyPrefix {
					return id
				}
			}
		}
	}
	return NewID(o.KeyPrefix)
}

// scopeBuyerCreate keeps a buyer's new record inside their accounts: the scope field defaults to their own account
// and may name only an account they act for.
func scopeBuyerCreate(actor *identity.Principal, rec *Record, accounts map[string]bool) error {
	field, ok := buyerScope[rec.Object.APIName]
	if !ok {
		return nil
	}
	acct, _ := rec.Values[field].(string)
	if acct == "" {
		rec.Values[field] = nilIfEmpty(actor.AccountID)
		return nil
	}
	if !accounts[acct] {
		return writeErr(http.StatusForbidden, CodeInsufficientAccess, "insufficient access rights on cross-reference id: %s", acct)
	}
	return nil
}

// UpdateOptions are the optional preconditions of an update.
type UpdateOptions struct {
	// IfUnmodifiedSince refuses the update (ConflictError) when the record was modified after this time.
	IfUnmodifiedSince time.Time
}

// Update validates and applies changes to a record, all or nothing. An Id in the input must name the record.
func (e *Engine) Update(ctx context.Context, actor *identity.Principal, id string, input map[string]any, opts UpdateOptions) (*Record, error) {
	var rec *Record
	err := e.DB.InTx(ctx, func(tx *db.Tx) error { // the caller's transaction when ctx carries one (InTx)
		recs, err := e.UpdateMany(ctx, tx, actor, []Change{{ID: id, Values: input}}, opts)
		if err == nil {
			rec = recs[0]
		}
		return err
	})
	return rec, err
}

// Change is one record's update: its id and the fields to set.
type Change struct {
	ID     string
	Values map[string]any
}

// UpdateMany validates and applies changes to records of one object inside tx, all or nothing. Records the actor
// may not see, and ids of another object than the first change's, are ErrNotFound.
func (e *Engine) UpdateMany(ctx context.Context, tx *db.Tx, actor *identity.Principal, changes []Change, opts UpdateOptions) ([]*Record, error) {
	if len(changes) == 0 {
		return nil, nil
	}
	o, ids, err := e.resolveAll(ctx, changes)
	if err != nil {
		return nil, err
	}
	if !e.CanRead(actor, o) {
		return nil, ErrNotFound
	}
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	loaded, unlocked, err := e.loadForUpdate(ctx, tx, actor, o, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*Record, len(loaded)) // as loaded, never changed: a kept row is shared (asstored.go)
	for _, rec := range loaded {
		byID[rec.ID] = rec
	}
	if !e.CanUpdate(actor, o) {
		return nil, insufficientAccess()
	}
	recs := make([]*Record, len(changes))
	old := make([]*Record, len(changes))
	changed := make([]map[string]any, len(changes))
	errs := make([]*WriteError, len(changes))
	working := make(map[string]*Record, len(loaded)) // the copies the changes apply to
	for i, c := range changes {
		as := byID[ids[i]]
		if as == nil {
			return nil, ErrNotFound
		}
		rec := working[as.ID]
		if rec == nil {
			rec, old[i] = as.clone(), as
			working[as.ID] = rec
		} else {
			old[i] = rec.clone() // a second change of the record sees it as the first left it
		}
		if err := checkBodyID(c.Values, rec.ID); err != nil {
			return nil, err
		}
		if !opts.IfUnmodifiedSince.IsZero() {
			last, _ := time.Parse(DateTimeLayout, rec.String("LastModifiedDate"))
			if last.Truncate(time.Second).After(opts.IfUnmodifiedSince) {
				return nil, &ConflictError{LastModified: rec.String("LastModifiedDate")}
			}
		}
		ch, perr := e.parseInput(actor, o, c.Values, false)
		for name, v := range ch {
			rec.Values[name] = v
		}
		deriveNames(rec)
		recs[i], changed[i] = rec, ch
		if perr != nil {
			errs[i] = joinWriteErrors(perr, validateRecord(rec, ch, false))
		}
	}
	if err := firstError(errs); err != nil {
		return nil, err
	}
	if err := e.runSave(ctx, false, &SaveEvent{Tx: tx, Actor: actor, Object: o, Records: recs, Old: old}); err != nil {
		return nil, err
	}
	for i, rec := range recs {
		errs[i] = validateRecord(rec, changed[i], false)
	}
	if err := firstError(errs); err != nil {
		return nil, err
	}
	if err := e.checkIntegrity(ctx, tx, cat, actor, recs, changed); err != nil {
		return nil, err
	}
	for _, rec := range recs {
		stamp := e.stamp(mustParseStamp(rec.String("SystemModstamp")))
		rec.Values["LastModifiedDate"] = stamp
		rec.Values["SystemModstamp"] = stamp
		rec.Values["LastModifiedById"] = nilIfEmpty(actor.UserID)
	}
	asRead := make(map[*Record]*Record, len(recs)) // each record as it was read, before its first change
	for i, rec := range recs {
		if asRead[rec] == nil {
			asRead[rec] = old[i]
		}
	}
	written := uniqueRecords(recs)
	if err := updateRows(ctx, tx, o, written, asRead, unlocked); err != nil {
		return nil, err
	}
	keptRows(tx).keep(written)
	return recs, e.runSave(ctx, true, &SaveEvent{Tx: tx, Actor: actor, Object: o, Records: recs, Old: old})
}

// resolveAll maps the changes' ids to one object and their 18-character forms.
func (e *Engine) resolveAll(ctx context.Context, changes []Change) (*Object, []string, error) {
	ids := make([]string, len(changes))
	var o *Object
	for i, c := range changes {
		obj, full, err := e.resolve(ctx, c.ID)
		if err != nil {
			return nil, nil, err
		}
		if o != nil && obj != o {
			return nil, nil, ErrNotFound
		}
		o, ids[i] = obj, full
	}
	return o, ids, nil
}

// uniqueRecords drops repeats of a record (two changes to one id), keeping the first.
func uniqueRecords(recs []*Record) []*Record {
	seen := make(map[*Record]bool, len(recs))
	out := recs[:0:0]
	for _, r := range recs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

func distinctIDs(ids []string) map[string]bool {
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// stamp is the modstamp of a write: now, in milliseconds, and always at least 1 ms after the previous one so that
// two updates within one millisecond still move SystemModstamp (and so weakEtag).
func (e *Engine) stamp(previous time.Time) string {
	now := e.Now().UTC().Truncate(time.Millisecond)
	if !previous.IsZero() && !now.After(previous) {
		now = previous.Add(time.Millisecond)
	}
	return now.Format(DateTimeLayout)
}

func mustParseStamp(s string) time.Time {
	t, _ := time.Parse(DateTimeLayout, s)
	return t
}

// clone copies a record's values (for the Old side of a save event).
func (r *Record) clone() *Record {
	vals := maps.Clone(r.Values) // copies the map's table whole, several times faster than inserting each value
	if vals == nil {
		vals = map[string]any{}
	}
	return &Record{Object: r.Object, ID: r.ID, Values: vals}
}
