package records

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"storefront/internal/platform/db"
)

// Custom objects and fields are added at run time: the definition is stored in sf_object and the table changes
// with it (SyncSchema), in one transaction. Other instances see the change at their registry's next check.

// customName is an API name as Salesforce allows it: a letter, then letters, digits and single underscores, not
// ending in an underscore, followed by __c. The part before __c is at most 40 characters.
var customName = regexp.MustCompile(`^[A-Za-z](?:[A-Za-z0-9]|_[A-Za-z0-9])*__c$`)

// MetadataError is a refused metadata change.
type MetadataError struct{ Message string }

func (e *MetadataError) Error() string { return "records: " + e.Message }

func metaErr(format string, args ...any) error {
	return &MetadataError{Message: fmt.Sprintf(format, args...)}
}

// CustomObjectInput describes a new custom object. The Name field is added (Text 80, required) and the key prefix
// is allocated (a01, a02...).
type CustomObjectInput struct {
	APIName     string
	Label       string
	LabelPlural string
	NameLabel   string  // label of the Name field; "<Label> Name" when empty
	Fields      []Field // further custom fields
}

// AddCustomObject validates and creates a custom object and its table.
func (e *Engine) AddCustomObject(ctx context.Context, in CustomObjectInput) (*Object, error) {
	if err := checkCustomName(in.APIName); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Label) == "" || strings.TrimSpace(in.LabelPlural) == "" || len(in.Label) > 40 || len(in.LabelPlural) > 40 {
		return nil, metaErr("label and plural label are required, 40 characters at most")
	}
	nameLabel := in.NameLabel
	if nameLabel == "" {
		nameLabel = in.Label + " Name"
	}
	o := Object{APIName: in.APIName, Label: in.Label, LabelPlural: in.LabelPlural, Custom: true, Owned: true,
		Createable: true, Updateable: true, Deletable: true, Queryable: true, Searchable: true,
		Fields: []Field{NameField(nameLabel, 80)}}
	var created Object
	cat, err := e.loadFresh(ctx)
	if err != nil {
		return nil, err
	}
	err = e.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if cat.Object(in.APIName) != nil {
			return metaErr("an object named %s already exists", in.APIName)
		}
		if o.KeyPrefix, err = nextCustomPrefix(cat); err != nil {
			return err
		}
		for _, f := range in.Fields {
			f.Custom = true
			if err := checkNewField(cat, &o, &f); err != nil {
				return err
			}
			o.Fields = append(o.Fields, f)
		}
		created = WithSystemFields(o)
		return syncObject(ctx, e.DB, tx, &created)
	})
	if err != nil {
		return nil, err
	}
	e.Registry.Invalidate()
	return &created, nil
}

// AddCustomField validates and adds a custom field to any object, with its column.
func (e *Engine) AddCustomField(ctx context.Context, objectAPIName string, f Field) (*Field, error) {
	f.Custom = true
	cat, err := e.loadFresh(ctx)
	if err != nil {
		return nil, err
	}
	err = e.DB.InTx(ctx, func(tx *db.Tx) error {
		o, err := storedObject(ctx, tx, objectAPIName)
		if err != nil {
			return err
		}
		if err := checkNewField(cat, o, &f); err != nil {
			return err
		}
		o.Fields = append(o.Fields, f)
		return syncObject(ctx, e.DB, tx, o)
	})
	if err != nil {
		return nil, err
	}
	e.Registry.Invalidate()
	return &f, nil
}

// loadFresh reads the metadata straight from the database: a change must not rest on a stale snapshot.
func (e *Engine) loadFresh(ctx context.Context) (*Catalog, error) {
	e.Registry.Invalidate()
	return e.Registry.Catalog(ctx)
}

// storedObject reads one definition inside the transaction.
func storedObject(ctx context.Context, tx *db.Tx, apiName string) (*Object, error) {
	var def string
	err := tx.QueryRow(ctx, `SELECT definition FROM sf_object WHERE LOWER(api_name) = LOWER(?)`, apiName).Scan(&def)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, metaErr("no object named %s", apiName)
	}
	if err != nil {
		return nil, err
	}
	o := &Object{}
	if err := json.Unmarshal([]byte(def), o); err != nil {
		return nil, err
	}
	*o = WithSystemFields(*o)
	return o, nil
}

func checkCustomName(name string) error {
	if !customName.MatchString(name) || len(strings.TrimSuffix(name, "__c")) > 40 {
		return metaErr("invalid API name %q: use a letter, then letters, digits or single underscores, at most 40 characters, ending in __c", name)
	}
	return nil
}

// checkNewField validates a custom field for the object: name, uniqueness, type and its limits.
func checkNewField(cat *Catalog, o *Object, f *Field) error {
	if err := checkCustomName(f.APIName); err != nil {
		return err
	}
	if o.Field(f.APIName) != nil {
		return metaErr("%s already has a field named %s", o.APIName, f.APIName)
	}
	if strings.TrimSpace(f.Label) == "" || len(f.Label) > 40 {
		return metaErr("field %s: a label of 1 to 40 characters is required", f.APIName)
	}
	if f.NameField || f.AutoNumber || f.CompoundFieldName != "" {
		return metaErr("field %s: custom fields cannot be name, auto-number or compound components", f.APIName)
	}
	switch f.Type {
	case TypeText, TypeEmail, TypePhone, TypeURL:
		if f.Length < 1 || f.Length > 255 {
			return metaErr("field %s: length must be 1 to 255", f.APIName)
		}
	case TypeTextArea:
		if f.Length == 0 {
			f.Length = 255
		}
		if f.Length > 255 {
			return metaErr("field %s: a text area holds at most 255 characters", f.APIName)
		}
	case TypeLongTextArea:
		if f.Length < 256 || f.Length > 131072 {
			return metaErr("field %s: length must be 256 to 131072", f.APIName)
		}
	case TypeInt:
		if f.Precision < 1 || f.Precision > 18 {
			return metaErr("field %s: precision must be 1 to 18", f.APIName)
		}
		f.Scale = 0
	case TypeDouble, TypeCurrency, TypePercent:
		if f.Precision < 1 || f.Precision > 18 || f.Scale < 0 || f.Scale > f.Precision {
			return metaErr("field %s: precision must be 1 to 18 and scale 0 to precision", f.APIName)
		}
	case TypeBoolean:
		if f.Required {
			return metaErr("field %s: a checkbox cannot be required", f.APIName)
		}
	case TypeDate, TypeDateTime:
	case TypePicklist, TypeMultiPicklist:
		if len(f.Picklist) == 0 {
			return metaErr("field %s: a picklist needs values", f.APIName)
		}
		if f.Length == 0 {
			f.Length = 255
		}
	case TypeReference:
		if len(f.ReferenceTo) != 1 || cat.Object(f.ReferenceTo[0]) == nil {
			return metaErr("field %s: a lookup must reference one existing object", f.APIName)
		}
		f.ReferenceTo = []string{cat.Object(f.ReferenceTo[0]).APIName}
		f.Length = 18
		if f.RelationshipName == "" {
			f.RelationshipName = strings.TrimSuffix(f.APIName, "__c") + "__r"
		}
	default:
		return metaErr("field %s: unknown type %q", f.APIName, f.Type)
	}
	if f.Default != "" {
		if _, fe := CoerceValue(f, defaultInput(f)); fe != nil {
			return metaErr("field %s: invalid default: %s", f.APIName, fe.Message)
		}
	}
	return nil
}

func defaultInput(f *Field) any {
	if f.Type == TypeBoolean {
		return f.Default == "true"
	}
	return f.Default
}

// nextCustomPrefix allocates the first free custom key prefix: "a" followed by two base62 characters, as
// Salesforce numbers custom objects (a00, a01, ...). The sf_object key_prefix unique constraint settles a race
// between two instances.
func nextCustomPrefix(cat *Catalog) (string, error) {
	for i := 1; i < 62*62; i++ {
		p := "a" + string(base62[i/62]) + string(base62[i%62])
		if cat.ByPrefix(p) == nil {
			return p, nil
		}
	}
	return "", metaErr("no custom key prefix left")
}
