package duplicates

import (
	"context"
	"errors"
	"fmt"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// candidateLimit bounds the rows one matching rule reads for a record: the database narrows them (exact fields
// equal, fuzzy fields sharing a fragment), Go compares these few.
const candidateLimit = 200

// match is what one rule found for one record: its first matching rule that matched and the matched records.
type match struct {
	rule      *Rule
	matchRule MatchRule
	ids       []string
}

// result is the match in the engine's terms, as a refusal carries it.
func (m *match) result(o *records.Object, allowSave bool) *records.DuplicateResult {
	return &records.DuplicateResult{Rule: m.rule.Name, MatchRule: m.matchRule.Name, MatchEngine: m.matchRule.Engine(),
		Object: o, AllowSave: allowSave, RecordIDs: m.ids}
}

// find runs the rule's matching rules for a record of o with these values (field name to the engine's value)
// through the records engine's query API as the actor (so it finds only what the actor may see), leaving out the
// record itself (selfID, "" on create). nil when nothing matched. A matching rule over a field that is blank in
// the values, unknown, or that the actor may not read does not match.
func find(ctx context.Context, e *records.Engine, q db.Querier, actor *identity.Principal, o *records.Object,
	r *Rule, values map[string]any, selfID string) (*match, error) {
	for _, mr := range r.MatchRules {
		ids, err := findOne(ctx, e, q, actor, o, mr, values, selfID)
		if err != nil {
			return nil, err
		}
		if len(ids) > 0 {
			return &match{rule: r, matchRule: mr, ids: ids}, nil
		}
	}
	return nil, nil
}

func findOne(ctx context.Context, e *records.Engine, q db.Querier, actor *identity.Principal, o *records.Object,
	mr MatchRule, values map[string]any, selfID string) ([]string, error) {
	if len(mr.Fields) == 0 {
		return nil, nil
	}
	var where records.And
	var fuzzy []MatchField
	for _, mf := range mr.Fields {
		f := o.Field(mf.Field)
		if f == nil || !f.HasColumn() {
			return nil, nil
		}
		v := values[f.APIName]
		if v == nil || v == "" {
			return nil, nil
		}
		if !mf.Fuzzy {
			where = append(where, &records.Cond{Field: f.APIName, Op: records.OpEq, Value: v})
			continue
		}
		var any records.Or
		for _, frag := range fragments(fmt.Sprint(v)) {
			any = append(any, &records.Cond{Field: f.APIName, Op: records.OpLike, Value: frag})
		}
		if len(any) == 0 {
			return nil, nil
		}
		where = append(where, any)
		fuzzy = append(fuzzy, MatchField{Field: f.APIName, Fuzzy: true})
	}
	if selfID != "" {
		where = append(where, &records.Cond{Field: "Id", Op: records.OpNe, Value: selfID})
	}
	query := records.Query{Object: o.APIName, Where: where, Limit: candidateLimit, PageSize: candidateLimit,
		OrderBy: []records.Order{{Field: "CreatedDate"}}}
	for _, mf := range fuzzy {
		query.Fields = append(query.Fields, mf.Field)
	}
	res, err := e.Query(ctx, q, actor, query)
	var fe *records.FilterError
	if errors.Is(err, records.ErrNotFound) || errors.As(err, &fe) {
		return nil, nil // the actor may not read the object or a field of the rule: nothing to compare
	}
	if err != nil {
		return nil, err
	}
	var ids []string
rows:
	for _, row := range res.Rows {
		for _, mf := range fuzzy {
			stored, _ := row.Values[mf.Field].(string)
			if !fuzzyMatch(fmt.Sprint(values[mf.Field]), stored) {
				continue rows
			}
		}
		ids = append(ids, row.ID)
	}
	return ids, nil
}
