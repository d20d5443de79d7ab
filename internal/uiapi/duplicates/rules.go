// Package duplicates is duplicate management over the records engine: duplicate rules stored per object (each with
// matching rules of exact and fuzzy field matches and an action on create and on edit, Allow or Block), a
// before-save hook that makes every writer obey a Block rule, and the UI API's calls GET /duplicates/{object}
// (DuplicatesConfigurationRepresentation) and POST /predupe (DuplicatesRepresentation).
package duplicates

import (
	"context"
	"crypto/md5"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// Actions of a rule on create (insert) and on edit (update).
const (
	ActionAllow = "Allow" // save, and report the matches to whoever asks (predupe, the console's alert)
	ActionBlock = "Block" // refuse the save with DUPLICATES_DETECTED unless the writer says to save anyway
)

// Rule is one duplicate rule of an object: it applies when one of its matching rules matches.
type Rule struct {
	Name               string      `json:"-"`
	Object             string      `json:"-"`
	Active             bool        `json:"active"`
	ActionOnInsert     string      `json:"actionOnInsert"`
	ActionOnUpdate     string      `json:"actionOnUpdate"`
	OperationsOnInsert []string    `json:"operationsOnInsert"`
	OperationsOnUpdate []string    `json:"operationsOnUpdate"`
	MatchRules         []MatchRule `json:"matchRules"`
	eTag               string
}

// MatchRule matches an existing record when every one of its fields matches (exactly or fuzzily) the saved value.
type MatchRule struct {
	Name   string       `json:"name"`
	Fields []MatchField `json:"fields"`
}

// MatchField is one field of a matching rule; Fuzzy picks the fuzzy comparison (fuzzy.go) over an exact,
// case-insensitive one.
type MatchField struct {
	Field string `json:"field"`
	Fuzzy bool   `json:"fuzzy,omitempty"`
}

// Engine is the wire's matchEngine of a matching rule: fuzzy when one of its fields is.
func (m MatchRule) Engine() string {
	for _, f := range m.Fields {
		if f.Fuzzy {
			return "FuzzyMatchEngine"
		}
	}
	return "ExactMatchEngine"
}

// action is the rule's action for a create or an edit.
func (r *Rule) action(created bool) string {
	if created {
		return r.ActionOnInsert
	}
	return r.ActionOnUpdate
}

// Rules reads the object's duplicate rules (active or not) in their order.
func Rules(ctx context.Context, q db.Querier, object string) ([]*Rule, error) {
	rows, err := q.Query(ctx, `SELECT name, object_name, definition FROM sf_duplicate_rule WHERE object_name = ?
		ORDER BY position, name`, strings.ToLower(object))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Rule
	for rows.Next() {
		var name, obj, def string
		if err := rows.Scan(&name, &obj, &def); err != nil {
			return nil, err
		}
		r := &Rule{}
		if err := json.Unmarshal([]byte(def), r); err != nil {
			return nil, err
		}
		r.Name, r.Object = name, obj
		sum := md5.Sum([]byte(name + def))
		r.eTag = hex.EncodeToString(sum[:])
		out = append(out, r)
	}
	return out, rows.Err()
}

// Save stores a rule of an object, replacing the one of that name (the caller checks the rule and the rights).
func Save(ctx context.Context, d *db.DB, object string, r *Rule) error {
	def, err := json.Marshal(r)
	if err != nil {
		return err
	}
	now := time.Now().UnixMilli()
	err = d.InTx(ctx, func(tx *db.Tx) error {
		var owner string
		err := tx.QueryRow(ctx, `SELECT object_name FROM sf_duplicate_rule WHERE name = ?`, r.Name).Scan(&owner)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			var pos int64
			if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(position), 0) + 1 FROM sf_duplicate_rule WHERE object_name = ?`,
				strings.ToLower(object)).Scan(&pos); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `INSERT INTO sf_duplicate_rule (name, object_name, position, definition, updated_at)
				VALUES (?, ?, ?, ?, ?)`, r.Name, strings.ToLower(object), pos, string(def), now)
			return err
		case err != nil:
			return err
		case owner != strings.ToLower(object):
			return errRuleOfOtherObject
		}
		_, err = tx.Exec(ctx, `UPDATE sf_duplicate_rule SET definition = ?, updated_at = ? WHERE name = ?`, string(def), now, r.Name)
		return err
	})
	if err == nil {
		d.Invalidate(db.Metadata) // this instance's saves apply at once; others follow the version trigger
	}
	return err
}

var errRuleOfOtherObject = errors.New("duplicates: the rule belongs to another object")
