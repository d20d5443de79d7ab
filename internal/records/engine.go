package records

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Engine reads and writes records of any object through its metadata, inside transactions, applying validation
// and the permission rules of access.go. It keeps no state beyond the metadata snapshot, which its Registry
// refreshes from the database, so any number of app servers may run one each.
type Engine struct {
	DB       *db.DB
	Registry *Registry
	// Now is the clock (tests may pin it).
	Now func() time.Time
}

// NewEngine returns an engine over d with its own metadata registry.
func NewEngine(d *db.DB) *Engine {
	return &Engine{DB: d, Registry: NewRegistry(d), Now: time.Now}
}

// Catalog returns the current metadata.
func (e *Engine) Catalog(ctx context.Context) (*Catalog, error) { return e.Registry.Catalog(ctx) }

// resolve maps an input id to its object and 18-character form, or ErrNotFound.
func (e *Engine) resolve(ctx context.Context, id string) (*Object, string, error) {
	full, ok := NormalizeID(id)
	if !ok {
		return nil, "", ErrNotFound
	}
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, "", err
	}
	o := cat.ByPrefix(KeyPrefix(full))
	if o == nil {
		return nil, "", ErrNotFound
	}
	return o, full, nil
}

// Get reads one record (15- or 18-character id) with one query. Records the actor may not see are ErrNotFound.
func (e *Engine) Get(ctx context.Context, actor *identity.Principal, id string) (*Record, error) {
	o, full, err := e.resolve(ctx, id)
	if err != nil {
		return nil, err
	}
	if !CanRead(actor, o) {
		return nil, ErrNotFound
	}
	rec, err := loadRecord(ctx, e.DB, o, full, false)
	if err != nil {
		return nil, err
	}
	if err := mustSee(ctx, e.DB, actor, rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// GetRelated follows a reference field of rec to the record it points at: nil (and no error) when the field is
// empty or the target is gone or not visible to the actor.
func (e *Engine) GetRelated(ctx context.Context, actor *identity.Principal, rec *Record, field *Field) (*Record, error) {
	id, _ := rec.Values[field.APIName].(string)
	if id == "" {
		return nil, nil
	}
	target, err := e.Get(ctx, actor, id)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	return target, err
}

// loadRecord selects every column of one row.
func loadRecord(ctx context.Context, q querier, o *Object, id string, forUpdate bool) (*Record, error) {
	cols := columnFields(o)
	names := make([]string, len(cols))
	for i, f := range cols {
		names[i] = db.Ident(f.Column())
	}
	query := "SELECT " + strings.Join(names, ", ") + " FROM " + db.Ident(o.TableName()) + ` WHERE "id" = ?`
	if forUpdate {
		if tx, ok := q.(*db.Tx); ok && tx.Dialect() == db.Postgres {
			query += " FOR UPDATE"
		}
	}
	raw := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	if err := q.QueryRow(ctx, query, id).Scan(ptrs...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("records: read %s: %w", o.APIName, err)
	}
	rec := &Record{Object: o, ID: id, Values: make(map[string]any, len(cols))}
	for i, f := range cols {
		rec.Values[f.APIName] = fromDB(f, raw[i])
	}
	return rec, nil
}

// columnFields are the object's fields stored in columns, in definition order.
func columnFields(o *Object) []*Field {
	out := make([]*Field, 0, len(o.Fields))
	for i := range o.Fields {
		if o.Fields[i].HasColumn() {
			out = append(out, &o.Fields[i])
		}
	}
	return out
}

// Create validates and inserts a record of the object, all or nothing. The Id field of the input is dropped.
func (e *Engine) Create(ctx context.Context, actor *identity.Principal, apiName string, input map[string]any) (*Record, error) {
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	o := cat.Object(apiName)
	if o == nil {
		return nil, writeErr(http.StatusBadRequest, "INVALID_TYPE", "sObject type '%s' is not supported.", apiName)
	}
	if !CanCreate(actor, o) {
		return nil, insufficientAccess()
	}
	for attempt := 0; ; attempt++ {
		var rec *Record
		err := e.DB.InTx(ctx, func(tx *db.Tx) error {
			var err error
			rec, err = e.create(ctx, tx, cat, actor, o, input)
			return err
		})
		// Two PostgreSQL writers may draw the same auto-number; the unique index refuses one, which tries again.
		if err != nil && db.IsUniqueViolation(err) && hasAutoNumber(o) && attempt < 3 {
			continue
		}
		return rec, err
	}
}

func (e *Engine) create(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, o *Object, input map[string]any) (*Record, error) {
	changed, inputErr := parseInput(actor, o, input, true)
	rec := &Record{Object: o, ID: NewID(o.KeyPrefix), Values: map[string]any{}}
	for _, f := range columnFields(o) {
		if v, ok := changed[f.APIName]; ok {
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
	if !actor.Staff {
		if err := e.scopeBuyerCreate(ctx, tx, actor, rec); err != nil {
			return nil, err
		}
	}
	deriveNames(rec)
	if werr := joinWriteErrors(inputErr, validateRecord(rec, changed, true)); werr != nil {
		return nil, werr
	}
	if err := checkIntegrity(ctx, tx, cat, rec, changed); err != nil {
		return nil, err
	}
	if err := fillAutoNumbers(ctx, tx, rec); err != nil {
		return nil, err
	}
	stamp := e.stamp(time.Time{})
	for _, name := range []string{"CreatedDate", "LastModifiedDate", "SystemModstamp"} {
		rec.Values[name] = stamp
	}
	for _, name := range []string{"CreatedById", "LastModifiedById"} {
		rec.Values[name] = nilIfEmpty(actor.UserID)
	}
	return rec, insertRecord(ctx, tx, rec)
}

// scopeBuyerCreate keeps a buyer's new record inside their accounts: the scope field defaults to their own account
// and may name only an account they act for.
func (e *Engine) scopeBuyerCreate(ctx context.Context, tx *db.Tx, actor *identity.Principal, rec *Record) error {
	field, ok := buyerScope[rec.Object.APIName]
	if !ok || field == "Id" {
		return nil
	}
	acct, _ := rec.Values[field].(string)
	if acct == "" {
		rec.Values[field] = nilIfEmpty(actor.AccountID)
		return nil
	}
	accounts, err := buyerAccounts(ctx, tx, actor)
	if err != nil {
		return err
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
	o, full, err := e.resolve(ctx, id)
	if err != nil {
		return nil, err
	}
	if !CanRead(actor, o) {
		return nil, ErrNotFound
	}
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	var rec *Record
	err = e.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		rec, err = e.update(ctx, tx, cat, actor, o, full, input, opts)
		return err
	})
	return rec, err
}

func (e *Engine) update(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, o *Object, id string,
	input map[string]any, opts UpdateOptions) (*Record, error) {
	rec, err := loadRecord(ctx, tx, o, id, true)
	if err != nil {
		return nil, err
	}
	if err := mustSee(ctx, tx, actor, rec); err != nil {
		return nil, err
	}
	if !CanUpdate(actor, o) {
		return nil, insufficientAccess()
	}
	if err := checkBodyID(input, id); err != nil {
		return nil, err
	}
	if !opts.IfUnmodifiedSince.IsZero() {
		last, _ := time.Parse(DateTimeLayout, rec.String("LastModifiedDate"))
		if last.Truncate(time.Second).After(opts.IfUnmodifiedSince) {
			return nil, &ConflictError{LastModified: rec.String("LastModifiedDate")}
		}
	}
	changed, inputErr := parseInput(actor, o, input, false)
	for name, v := range changed {
		rec.Values[name] = v
	}
	deriveNames(rec)
	if werr := joinWriteErrors(inputErr, validateRecord(rec, changed, false)); werr != nil {
		return nil, werr
	}
	if err := checkIntegrity(ctx, tx, cat, rec, changed); err != nil {
		return nil, err
	}
	stamp := e.stamp(mustParseStamp(rec.String("SystemModstamp")))
	rec.Values["LastModifiedDate"] = stamp
	rec.Values["SystemModstamp"] = stamp
	rec.Values["LastModifiedById"] = nilIfEmpty(actor.UserID)
	return rec, updateRecord(ctx, tx, rec)
}

// checkBodyID refuses an Id field in the input that names another record.
func checkBodyID(input map[string]any, id string) error {
	for k, v := range input {
		if !strings.EqualFold(k, "Id") {
			continue
		}
		s, _ := v.(string)
		if got, ok := NormalizeID(s); !ok || got != id {
			return writeErr(http.StatusBadRequest, CodeInvalidField,
				"The Id field in the request body (%s) does not match the record id in the URL (%s).", describe(v), id)
		}
	}
	return nil
}

// Delete removes a record. References to it from other records are cleared (lookup semantics).
func (e *Engine) Delete(ctx context.Context, actor *identity.Principal, id string) error {
	o, full, err := e.resolve(ctx, id)
	if err != nil {
		return err
	}
	if !CanRead(actor, o) {
		return ErrNotFound
	}
	cat, err := e.Catalog(ctx)
	if err != nil {
		return err
	}
	return e.DB.InTx(ctx, func(tx *db.Tx) error {
		rec, err := loadRecord(ctx, tx, o, full, true)
		if err != nil {
			return err
		}
		if err := mustSee(ctx, tx, actor, rec); err != nil {
			return err
		}
		if !CanDelete(actor, o) {
			return insufficientAccess()
		}
		for _, ch := range cat.Children(o.APIName) {
			child := cat.Object(ch.ChildObject)
			if child == nil || child.Field(ch.FieldName) == nil {
				continue
			}
			f := child.Field(ch.FieldName)
			if _, err := tx.Exec(ctx, "UPDATE "+db.Ident(child.TableName())+" SET "+db.Ident(f.Column())+
				" = NULL WHERE "+db.Ident(f.Column())+" = ?", full); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, "DELETE FROM "+db.Ident(o.TableName())+` WHERE "id" = ?`, full)
		return err
	})
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

// parseInput checks the input's field names, rights and value types, and returns the canonical values by field
// API name (those that passed) with the errors of the others. On create the Id is dropped.
func parseInput(actor *identity.Principal, o *Object, input map[string]any, creating bool) (map[string]any, *WriteError) {
	keys := make([]string, 0, len(input))
	for k := range input {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	werr := &WriteError{Status: http.StatusBadRequest}
	var refused []string
	out := map[string]any{}
	for _, k := range keys {
		if strings.EqualFold(k, "Id") {
			continue // dropped on create; checked against the URL on update
		}
		f := o.Field(k)
		if f == nil || !FieldReadable(actor, f) {
			werr.add(&FieldError{Code: CodeInvalidField,
				Message: fmt.Sprintf("No such column '%s' on sobject of type %s", k, o.APIName)})
			continue
		}
		writable := FieldUpdateable(actor, o, f)
		if creating {
			writable = FieldCreateable(actor, o, f)
		}
		if !writable {
			refused = append(refused, f.APIName)
			continue
		}
		v, fe := CoerceValue(f, input[k])
		if fe != nil {
			werr.add(fe)
			continue
		}
		out[f.APIName] = v
	}
	if len(refused) > 0 {
		werr.add(notWritable(refused))
	}
	if !werr.empty() {
		return out, werr
	}
	return out, nil
}

// joinWriteErrors merges the errors of two validation passes; nil when both passed.
func joinWriteErrors(a, b *WriteError) error {
	if a == nil && b == nil {
		return nil
	}
	out := &WriteError{Status: http.StatusBadRequest}
	failed := map[string]bool{}
	for _, w := range []*WriteError{a, b} {
		if w == nil {
			continue
		}
		out.Errors = append(out.Errors, w.Errors...)
		for _, fe := range w.FieldErrors {
			// A field whose value was refused is not also reported missing.
			if !failed[fe.Field] {
				out.FieldErrors = append(out.FieldErrors, fe)
			}
			failed[fe.Field] = true
		}
	}
	return out
}

// defaultValue is a field's value on a new record when the input does not set it.
func defaultValue(f *Field) any {
	def := f.Default
	if def == "" && (f.Type == TypePicklist || f.Type == TypeMultiPicklist) {
		for _, p := range f.Picklist {
			if p.Default {
				def = p.Value
			}
		}
	}
	if def == "" {
		if f.Type == TypeBoolean {
			return false
		}
		return nil
	}
	var in any = def
	if f.Type == TypeBoolean {
		in = def == "true"
	}
	v, fe := CoerceValue(f, in)
	if fe != nil {
		return nil
	}
	return v
}

func defaultRecordType(o *Object) string {
	for _, rt := range o.RecordTypes {
		if rt.Default {
			return rt.ID
		}
	}
	return DefaultRecordTypeID
}

// deriveNames computes name fields made of others: a read-only name field on an object with FirstName and
// LastName (Contact, User, Lead) is "FirstName LastName".
func deriveNames(rec *Record) {
	o := rec.Object
	name := o.NameFieldName()
	f := o.Field(name)
	if f == nil || !f.ReadOnly || o.Field("FirstName") == nil || o.Field("LastName") == nil {
		return
	}
	full := strings.TrimSpace(strings.TrimSpace(rec.String("FirstName")) + " " + strings.TrimSpace(rec.String("LastName")))
	rec.Values[f.APIName] = nilIfEmpty(full)
}

// validateRecord checks what needs the whole record: required fields (all on create; on update those the input
// set), picklist values for the record's type and controlling values, and the record type itself.
func validateRecord(rec *Record, changed map[string]any, creating bool) *WriteError {
	o := rec.Object
	werr := &WriteError{Status: http.StatusBadRequest}
	var missing []*Field
	for _, f := range columnFields(o) {
		_, inInput := changed[f.APIName]
		if !creating && !inInput {
			continue
		}
		if f.Required && !f.AutoNumber && !isSystemField(f.APIName) && f.APIName != "OwnerId" && rec.Values[f.APIName] == nil {
			missing = append(missing, f)
		}
		if (f.Type == TypePicklist || f.Type == TypeMultiPicklist) && rec.Values[f.APIName] != nil {
			if fe := checkPicklist(rec, f); fe != nil {
				werr.add(fe)
			}
		}
	}
	for _, f := range missing {
		werr.add(&FieldError{Code: CodeRequiredFieldMissing, Field: f.APIName, FieldLabel: f.Label,
			Message: "Required fields are missing: [" + f.APIName + "]"})
	}
	if _, ok := changed["RecordTypeId"]; ok && !validRecordType(o, rec.RecordTypeID()) {
		f := o.Field("RecordTypeId")
		werr.add(fieldErr(f, CodeFieldIntegrity, "id value of incorrect type: %s", rec.RecordTypeID()))
	}
	if werr.empty() {
		return nil
	}
	return werr
}

func validRecordType(o *Object, id string) bool {
	if len(o.RecordTypes) == 0 {
		return id == DefaultRecordTypeID
	}
	for _, rt := range o.RecordTypes {
		if rt.ID == id {
			return true
		}
	}
	return false
}

// checkPicklist accepts values listed for the record's type and, for dependent picklists, valid for the
// controlling field's current value.
func checkPicklist(rec *Record, f *Field) *FieldError {
	rtName := ""
	for _, rt := range rec.Object.RecordTypes {
		if rt.ID == rec.RecordTypeID() {
			rtName = rt.DeveloperName
		}
	}
	controller := ""
	if f.ControllerName != "" {
		controller = fmt.Sprint(rec.Get(f.ControllerName))
	}
	for _, v := range strings.Split(rec.Values[f.APIName].(string), ";") {
		if !picklistAllows(f, v, rtName, controller) {
			return fieldErr(f, CodeRestrictedPicklist, "bad value for restricted picklist field: %s", v)
		}
	}
	return nil
}

func picklistAllows(f *Field, value, recordType, controller string) bool {
	for _, p := range f.Picklist {
		if p.Value != value {
			continue
		}
		if len(p.RecordTypes) > 0 && recordType != "" && !contains(p.RecordTypes, recordType) {
			return false
		}
		if f.ControllerName != "" && len(p.ValidFor) > 0 && !contains(p.ValidFor, controller) {
			return false
		}
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkIntegrity checks against the database what the input changed: references must name an existing record of
// an allowed object, unique fields must not repeat another record's value.
func checkIntegrity(ctx context.Context, tx *db.Tx, cat *Catalog, rec *Record, changed map[string]any) error {
	o := rec.Object
	werr := &WriteError{Status: http.StatusBadRequest}
	names := make([]string, 0, len(changed))
	for k := range changed {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		f := o.Field(name)
		v := rec.Values[name]
		if v == nil || f.APIName == "RecordTypeId" {
			continue
		}
		if f.Type == TypeReference {
			fe, err := checkReference(ctx, tx, cat, f, v.(string))
			if err != nil {
				return err
			}
			if fe != nil {
				werr.add(fe)
			}
		}
		if f.Unique {
			var other string
			err := tx.QueryRow(ctx, "SELECT \"id\" FROM "+db.Ident(o.TableName())+" WHERE "+db.Ident(f.Column())+
				` = ? AND "id" <> ?`, v, rec.ID).Scan(&other)
			if err == nil {
				werr.add(&FieldError{Code: CodeDuplicateValue, Field: f.APIName, FieldLabel: f.Label,
					Message: fmt.Sprintf("duplicate value found: %s duplicates value on record with id: %s", f.APIName, other)})
			} else if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
	}
	if werr.empty() {
		return nil
	}
	return werr
}

func checkReference(ctx context.Context, tx *db.Tx, cat *Catalog, f *Field, id string) (*FieldError, error) {
	target := cat.ByPrefix(KeyPrefix(id))
	if target == nil || !containsFold(f.ReferenceTo, target.APIName) {
		return fieldErr(f, CodeFieldIntegrity, "id value of incorrect type: %s", id), nil
	}
	var found string
	err := tx.QueryRow(ctx, `SELECT "id" FROM `+db.Ident(target.TableName())+` WHERE "id" = ?`, id).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return fieldErr(f, CodeFieldIntegrity, "entity is deleted or does not exist: %s", id), nil
	}
	return nil, err
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func hasAutoNumber(o *Object) bool {
	for _, f := range o.Fields {
		if f.AutoNumber {
			return true
		}
	}
	return false
}

// fillAutoNumbers gives a new record the next number of each auto-number field. Numbers are zero-padded to a
// fixed width, so the largest stored text is the largest number.
func fillAutoNumbers(ctx context.Context, tx *db.Tx, rec *Record) error {
	for _, f := range columnFields(rec.Object) {
		if !f.AutoNumber {
			continue
		}
		var last sql.NullString
		if err := tx.QueryRow(ctx, "SELECT MAX("+db.Ident(f.Column())+") FROM "+db.Ident(rec.Object.TableName())).Scan(&last); err != nil {
			return err
		}
		next := max(f.AutoNumberStart, 1)
		if n, err := strconv.ParseInt(last.String, 10, 64); err == nil && n+1 > next {
			next = n + 1
		}
		width := f.Length
		if width == 0 {
			width = 8
		}
		rec.Values[f.APIName] = fmt.Sprintf("%0*d", width, next)
	}
	return nil
}

func insertRecord(ctx context.Context, tx *db.Tx, rec *Record) error {
	cols := columnFields(rec.Object)
	names := make([]string, len(cols))
	marks := make([]string, len(cols))
	args := make([]any, len(cols))
	for i, f := range cols {
		names[i] = db.Ident(f.Column())
		marks[i] = "?"
		args[i] = rec.Values[f.APIName]
	}
	_, err := tx.Exec(ctx, "INSERT INTO "+db.Ident(rec.Object.TableName())+" ("+strings.Join(names, ", ")+
		") VALUES ("+strings.Join(marks, ", ")+")", args...)
	return err
}

func updateRecord(ctx context.Context, tx *db.Tx, rec *Record) error {
	cols := columnFields(rec.Object)
	sets := make([]string, 0, len(cols))
	args := make([]any, 0, len(cols)+1)
	for _, f := range cols {
		if f.APIName == "Id" {
			continue
		}
		sets = append(sets, db.Ident(f.Column())+" = ?")
		args = append(args, rec.Values[f.APIName])
	}
	args = append(args, rec.ID)
	_, err := tx.Exec(ctx, "UPDATE "+db.Ident(rec.Object.TableName())+" SET "+strings.Join(sets, ", ")+
		` WHERE "id" = ?`, args...)
	return err
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// mustSee answers ErrNotFound for a record outside the actor's scope.
func mustSee(ctx context.Context, q querier, actor *identity.Principal, rec *Record) error {
	ok, err := canSeeRecord(ctx, q, actor, rec)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotFound
	}
	return nil
}
