package duplicates

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler serves the duplicates calls.
type Handler struct {
	Engine *records.Engine
}

// Configuration is DuplicatesConfigurationRepresentation.
type Configuration struct {
	APIName        string    `json:"apiName"`
	DedupeEnabled  bool      `json:"dedupeEnabled"`
	DedupeFields   []string  `json:"dedupeFields"`
	DuplicateRules []ruleRep `json:"duplicateRules"`
	ETag           string    `json:"eTag"`
	PredupeEnabled bool      `json:"predupeEnabled"`
}

// ruleRep is DuplicateRuleRepresentation.
type ruleRep struct {
	ActionOnInsert       string         `json:"actionOnInsert"`
	ActionOnUpdate       string         `json:"actionOnUpdate"`
	Active               bool           `json:"active"`
	DuplicateRuleFilters []any          `json:"duplicateRuleFilters"`
	ETag                 string         `json:"eTag"`
	MatchRules           []matchRuleRep `json:"matchRules"`
	Name                 string         `json:"name"`
	OperationsOnInsert   []string       `json:"operationsOnInsert"`
	OperationsOnUpdate   []string       `json:"operationsOnUpdate"`
}

// matchRuleRep is MatchRuleRepresentation.
type matchRuleRep struct {
	ETag          string   `json:"eTag"`
	MatchEngine   string   `json:"matchEngine"`
	MatchFields   []string `json:"matchFields"`
	Name          string   `json:"name"`
	ObjectAPIName string   `json:"objectApiName"`
}

func etag(parts ...string) string {
	sum := md5.Sum([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:])
}

// object is the readable object named in the path, or the UI API's 404.
func (h *Handler) object(r *http.Request, actor *identity.Principal, name string) (*records.Object, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	o := cat.Object(name)
	if o == nil || !h.Engine.CanRead(actor, o) {
		return nil, recordsapi.NotFound()
	}
	return o, nil
}

// GetConfiguration answers GET /duplicates/{objectApiName}: the object's rules, their matching rules naming only
// fields the caller may read.
func (h *Handler) GetConfiguration(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, err := h.object(r, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	rules, err := Rules(r.Context(), h.Engine.DB, o.APIName)
	if err != nil {
		return err
	}
	out := Configuration{APIName: o.APIName, DedupeFields: []string{}, DuplicateRules: []ruleRep{}}
	fields := map[string]bool{}
	for _, rule := range rules {
		rep := ruleRep{ActionOnInsert: rule.ActionOnInsert, ActionOnUpdate: rule.ActionOnUpdate, Active: rule.Active,
			DuplicateRuleFilters: []any{}, ETag: rule.eTag, MatchRules: []matchRuleRep{}, Name: rule.Name,
			OperationsOnInsert: nonNil(rule.OperationsOnInsert), OperationsOnUpdate: nonNil(rule.OperationsOnUpdate)}
		for _, mr := range rule.MatchRules {
			m := matchRuleRep{MatchEngine: mr.Engine(), MatchFields: []string{}, Name: mr.Name, ObjectAPIName: o.APIName}
			for _, mf := range mr.Fields {
				if f := o.Field(mf.Field); f != nil && h.Engine.FieldReadable(actor, o, f) {
					m.MatchFields = append(m.MatchFields, f.APIName)
					if rule.Active {
						fields[f.APIName] = true
					}
				}
			}
			sort.Strings(m.MatchFields)
			m.ETag = etag(append([]string{mr.Name, m.MatchEngine}, m.MatchFields...)...)
			rep.MatchRules = append(rep.MatchRules, m)
		}
		out.DuplicateRules = append(out.DuplicateRules, rep)
		out.DedupeEnabled = out.DedupeEnabled || rule.Active
	}
	for f := range fields {
		out.DedupeFields = append(out.DedupeFields, f)
	}
	sort.Strings(out.DedupeFields)
	out.PredupeEnabled = out.DedupeEnabled
	tags := []string{o.APIName}
	for _, rule := range out.DuplicateRules {
		tags = append(tags, rule.ETag)
	}
	out.ETag = etag(tags...)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ruleInput is the body of PUT /duplicates/{objectApiName}/rules/{ruleName}: the rule as GET shows it, with its
// matching rules' fields marked exact or fuzzy.
type ruleInput struct {
	Active             *bool    `json:"active"`
	ActionOnInsert     string   `json:"actionOnInsert"`
	ActionOnUpdate     string   `json:"actionOnUpdate"`
	OperationsOnInsert []string `json:"operationsOnInsert"`
	OperationsOnUpdate []string `json:"operationsOnUpdate"`
	MatchRules         []struct {
		Name   string       `json:"name"`
		Fields []MatchField `json:"fields"`
	} `json:"matchRules"`
}

// PutRule answers PUT /duplicates/{objectApiName}/rules/{ruleName} (this server's own call, for administrators:
// Salesforce edits rules in Setup): it creates or replaces one rule and answers the object's configuration.
func (h *Handler) PutRule(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, err := h.object(r, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	if !h.Engine.ModifiesAll(actor) {
		return httpx.Forbidden("You don't have permission to edit duplicate rules.")
	}
	var in ruleInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	rule, err := in.rule(o, r.PathValue("ruleName"))
	if err != nil {
		return err
	}
	if err := Save(r.Context(), h.Engine.DB, o.APIName, rule); err != nil {
		if errors.Is(err, errRuleOfOtherObject) {
			return httpx.BadRequest("INVALID_INPUT", "The duplicate rule %s belongs to another object.", rule.Name)
		}
		return err
	}
	return h.GetConfiguration(w, r, actor)
}

// rule checks the input: actions Allow or Block, operations Alert or Report, at least one matching rule of known
// fields with a value column.
func (in ruleInput) rule(o *records.Object, name string) (*Rule, error) {
	bad := func(format string, args ...any) error { return httpx.BadRequest("INVALID_INPUT", format, args...) }
	if strings.TrimSpace(name) == "" {
		return nil, bad("The duplicate rule needs a name.")
	}
	r := &Rule{Name: name, Object: o.APIName, Active: in.Active == nil || *in.Active,
		ActionOnInsert: in.ActionOnInsert, ActionOnUpdate: in.ActionOnUpdate,
		OperationsOnInsert: nonNil(in.OperationsOnInsert), OperationsOnUpdate: nonNil(in.OperationsOnUpdate)}
	for _, a := range []*string{&r.ActionOnInsert, &r.ActionOnUpdate} {
		switch {
		case *a == "":
			*a = ActionAllow
		case strings.EqualFold(*a, ActionAllow):
			*a = ActionAllow
		case strings.EqualFold(*a, ActionBlock):
			*a = ActionBlock
		default:
			return nil, bad("Invalid action '%s': use Allow or Block.", *a)
		}
	}
	for _, op := range append(append([]string{}, r.OperationsOnInsert...), r.OperationsOnUpdate...) {
		if op != "Alert" && op != "Report" {
			return nil, bad("Invalid operation '%s': use Alert or Report.", op)
		}
	}
	if len(in.MatchRules) == 0 {
		return nil, bad("The duplicate rule needs at least one matching rule.")
	}
	for i, m := range in.MatchRules {
		mr := MatchRule{Name: m.Name}
		if mr.Name == "" {
			mr.Name = name + "_Match_Rule_" + strconv.Itoa(i+1)
		}
		if len(m.Fields) == 0 {
			return nil, bad("The matching rule %s needs at least one field.", mr.Name)
		}
		for _, mf := range m.Fields {
			f := o.Field(mf.Field)
			if f == nil || !f.HasColumn() {
				return nil, bad("No such field '%s' on %s.", mf.Field, o.APIName)
			}
			mr.Fields = append(mr.Fields, MatchField{Field: f.APIName, Fuzzy: mf.Fuzzy})
		}
		r.MatchRules = append(r.MatchRules, mr)
	}
	return r, nil
}

// Duplicates is DuplicatesRepresentation, the answer of predupe.
type Duplicates struct {
	AllowSave      bool       `json:"allowSave"`
	DuplicateError bool       `json:"duplicateError"`
	DuplicateRules []string   `json:"duplicateRules"`
	Matches        []matchRep `json:"matches"`
}

// matchRep is MatchRepresentation.
type matchRep struct {
	DuplicateResultInfos map[string]resultInfo `json:"duplicateResultInfos"`
	ObjectAPIName        string                `json:"objectApiName"`
	RecordIDs            []string              `json:"recordIds"`
}

// resultInfo is DuplicateResultInfoRepresentation.
type resultInfo struct {
	AllowSave       bool `json:"allowSave"`
	MatchResultInfo struct {
		RecordIDs []string `json:"recordIds"`
		Rule      string   `json:"rule"`
	} `json:"matchResultInfo"`
	Rule string `json:"rule"`
}

// Predupe answers POST /predupe with {apiName, fields, allowSaveOnDuplicate}: the records the object's active
// rules match for these values, without saving. fields holding Id checks an edit of that record (the record
// itself is left out, and the rules' action on edit applies). Field values are strings, numbers, booleans or null.
func (h *Handler) Predupe(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	var body map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	bad := func(why string) error { return httpx.BadRequest("INVALID_INPUT", "Invalid recordInput: %s.", why) }
	var apiName string
	if err := json.Unmarshal(body["apiName"], &apiName); err != nil || apiName == "" {
		return bad("apiName must be a non-empty string")
	}
	allowSave := false
	if raw, ok := body["allowSaveOnDuplicate"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &allowSave); err != nil {
			return bad("allowSaveOnDuplicate must be a boolean")
		}
	}
	var fields map[string]any
	if err := httpx.DecodeJSONBytes(body["fields"], &fields); err != nil || fields == nil {
		return bad("fields must be an object of field names to values")
	}
	o, err := h.object(r, actor, apiName)
	if err != nil {
		return err
	}
	values, selfID, err := inputValues(o, fields)
	if err != nil {
		return err
	}
	rules, err := Rules(r.Context(), h.Engine.DB, o.APIName)
	if err != nil {
		return err
	}
	out := Duplicates{AllowSave: true, DuplicateRules: []string{}, Matches: []matchRep{}}
	m := matchRep{DuplicateResultInfos: map[string]resultInfo{}, ObjectAPIName: o.APIName, RecordIDs: []string{}}
	seen := map[string]bool{}
	for _, rule := range rules {
		if !rule.Active {
			continue
		}
		found, err := find(r.Context(), h.Engine, h.Engine.DB, actor, o, rule, values, selfID)
		if err != nil {
			return err
		}
		if found == nil {
			continue
		}
		ruleAllows := allowSave || rule.action(selfID == "") != ActionBlock
		info := resultInfo{AllowSave: ruleAllows, Rule: rule.Name}
		info.MatchResultInfo.RecordIDs, info.MatchResultInfo.Rule = found.ids, found.matchRule.Name
		m.DuplicateResultInfos[rule.Name] = info
		out.DuplicateRules = append(out.DuplicateRules, rule.Name)
		out.AllowSave = out.AllowSave && ruleAllows
		for _, id := range found.ids {
			if !seen[id] {
				seen[id] = true
				m.RecordIDs = append(m.RecordIDs, id)
			}
		}
	}
	if len(out.DuplicateRules) > 0 {
		out.DuplicateError = true
		sort.Strings(m.RecordIDs)
		out.Matches = append(out.Matches, m)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// inputValues checks a record input's fields (strings, numbers, booleans or null; known fields of the object)
// and gives them in the engine's values, with the id of the record when the input names one.
func inputValues(o *records.Object, fields map[string]any) (map[string]any, string, error) {
	values := map[string]any{}
	selfID := ""
	for name, v := range fields {
		switch v.(type) {
		case nil, string, bool, json.Number:
		default:
			return nil, "", httpx.BadRequest("INVALID_INPUT",
				"Invalid recordInput: the value of %s must be a string, a number, a boolean or null.", name)
		}
		f := o.Field(name)
		if f == nil {
			return nil, "", httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity '%s'.", name, o.APIName)
		}
		if f.APIName == "Id" {
			selfID, _ = v.(string)
			continue
		}
		c, fe := records.CoerceValue(f, v)
		if fe != nil {
			return nil, "", httpx.BadRequest(fe.Code, "%s", fe.Message)
		}
		values[f.APIName] = c
	}
	return values, records.To18(selfID), nil
}
