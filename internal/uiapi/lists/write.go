package lists

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Operations named in the 'Invalid config for "{operation}"' messages.
const (
	opCreate      = "createListInfo"
	opUpdate      = "updateListInfoByName"
	opDelete      = "deleteListInfoByName"
	opPreferences = "updateListPreferences"
)

// invalidConfig is the 400 a write with a malformed body gets: the spec's message, then what was wrong.
func invalidConfig(op, format string, args ...any) error {
	return httpx.BadRequest("INVALID_INPUT", "Invalid config for \"%s\": %s", op, fmt.Sprintf(format, args...))
}

// apiNamePattern is a developer name: a letter, then letters, digits and single underscores, not ending in one.
var apiNamePattern = regexp.MustCompile(`^[A-Za-z](?:[A-Za-z0-9]|_[A-Za-z0-9])*$`)

// applyInput sets the view's definition from a ListInfo input body, checking every key's type (section 5): filter
// items need a string fieldApiName, a string-array operandLabels and a string operator; a scope a string apiName
// and entityId and relatedEntityId strings or null. Fields must exist and be readable for the caller.
func (h *Handler) applyInput(op string, cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View, body map[string]any, creating bool) error {
	bad := func(format string, args ...any) error { return invalidConfig(op, format, args...) }
	for k, val := range body {
		switch k {
		case "label":
			s, ok := val.(string)
			if !ok || strings.TrimSpace(s) == "" || len(s) > 255 {
				return bad("label must be a non-empty string of at most 255 characters")
			}
			v.Label = strings.TrimSpace(s)
		case "listViewApiName":
			if !creating {
				return bad("listViewApiName cannot be changed")
			}
			s, ok := val.(string)
			if !ok || len(s) > 80 || !apiNamePattern.MatchString(s) {
				return bad("listViewApiName must be a developer name (letters, digits and underscores, starting with a letter)")
			}
			v.APIName = s
		case "displayColumns":
			cols, err := stringList(k, val)
			if err != nil || len(cols) == 0 {
				return bad("displayColumns must be a non-empty list of field names")
			}
			for _, c := range cols {
				if h.resolve(cat, actor, o, c) == nil {
					return bad("displayColumns: no such field %s on %s", c, o.APIName)
				}
			}
			v.Columns = cols
		case "filteredByInfo":
			items, err := h.filterItems(bad, cat, actor, o, val)
			if err != nil {
				return err
			}
			v.Filters = items
		case "filterLogicString":
			if val == nil {
				v.FilterLogic = nil
				continue
			}
			s, ok := val.(string)
			if !ok {
				return bad("filterLogicString must be a string or null")
			}
			v.FilterLogic = &s
		case "scope":
			sc, err := scopeInput(bad, o, val)
			if err != nil {
				return err
			}
			v.Scope = sc
		case "visibility":
			s, _ := val.(string)
			if s != "Private" && s != "Public" {
				return bad("visibility must be Private or Public")
			}
			v.Visibility = s
		case "listShares":
			ids, err := stringList(k, val)
			if err != nil {
				return bad("listShares must be a list of user ids")
			}
			v.Shares = []string{}
			for _, id := range ids {
				n, ok := records.NormalizeID(id)
				if !ok || records.KeyPrefix(n) != "005" {
					return bad("listShares: %s is not a user id", id)
				}
				v.Shares = append(v.Shares, n)
			}
		case "includeDefaultAttributes":
			if !creating {
				return bad("includeDefaultAttributes is only for a new list")
			}
			if _, ok := val.(bool); !ok {
				return bad("includeDefaultAttributes must be a boolean")
			}
		default:
			return bad("unrecognized property %s", k)
		}
	}
	// The logic must name every filter it uses, and only those.
	items := make([]records.Filter, len(v.Filters))
	for i := range items {
		items[i] = records.And{}
	}
	if _, err := combine(items, v.FilterLogic); err != nil {
		return bad("%s", err.Error())
	}
	return nil
}

func (h *Handler) filterItems(bad func(string, ...any) error, cat *records.Catalog, actor *identity.Principal, o *records.Object, val any) ([]FilterItem, error) {
	list, ok := val.([]any)
	if !ok {
		return nil, bad("filteredByInfo must be a list")
	}
	items := []FilterItem{}
	for i, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, bad("filteredByInfo[%d] must be an object", i)
		}
		field, ok1 := m["fieldApiName"].(string)
		operator, ok2 := m["operator"].(string)
		operands, err := stringList("operandLabels", m["operandLabels"])
		if _, present := m["operandLabels"].([]any); !ok1 || !ok2 || err != nil || !present {
			return nil, bad("filteredByInfo[%d] needs a string fieldApiName, a string-array operandLabels and a string operator", i)
		}
		if !operators[operator] {
			return nil, bad("filteredByInfo[%d]: unknown operator %s", i, operator)
		}
		fp := h.resolve(cat, actor, o, field)
		if fp == nil || !recordsapi.Filterable(fp.Field) {
			return nil, bad("filteredByInfo[%d]: no such filterable field %s on %s", i, field, o.APIName)
		}
		it := FilterItem{Field: fp.Path, Operands: operands, Operator: operator}
		if _, err := itemFilter(fp, it); err != nil {
			return nil, bad("filteredByInfo[%d]: %s", i, err.Error())
		}
		items = append(items, it)
	}
	return items, nil
}

func scopeInput(bad func(string, ...any) error, o *records.Object, val any) (*Scope, error) {
	if val == nil {
		return nil, nil
	}
	m, ok := val.(map[string]any)
	if !ok {
		return nil, bad("scope must be an object")
	}
	sc := &Scope{}
	if sc.APIName, ok = m["apiName"].(string); !ok {
		return nil, bad("scope needs a string apiName")
	}
	if sc.APIName != ScopeEverything && sc.APIName != ScopeMine && sc.APIName != ScopeTeam {
		return nil, bad("scope apiName must be everything, mine or team")
	}
	for key, dst := range map[string]**string{"entityId": &sc.EntityID, "relatedEntityId": &sc.RelatedEntityID} {
		switch x := m[key].(type) {
		case nil:
		case string:
			*dst = &x
		default:
			return nil, bad("scope %s must be a string or null", key)
		}
	}
	for k := range m {
		if k != "apiName" && k != "entityId" && k != "relatedEntityId" {
			return nil, bad("scope: unrecognized property %s", k)
		}
	}
	return sc, nil
}

// decodeObject reads a JSON object body; anything else is the operation's invalid config.
func decodeObject(w http.ResponseWriter, r *http.Request, op string) (map[string]any, error) {
	var body any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return nil, err
	}
	m, ok := body.(map[string]any)
	if !ok {
		return nil, invalidConfig(op, "the body must be an object")
	}
	return m, nil
}

// CreateListInfo answers POST /list-info/{objectApiName}: a new view owned by the caller (201 with its info).
// Without a listViewApiName one is made from the label; without columns the object's default ones are used.
func (h *Handler) CreateListInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, err := h.object(r.Context(), actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	body, err := decodeObject(w, r, opCreate)
	if err != nil {
		return err
	}
	v := &View{ID: records.NewID("00B"), Object: o.APIName, OwnerID: actor.UserID, Stamp: time.Now().UnixMilli(),
		Columns: defaultColumns(o), Filters: []FilterItem{}, OrderBy: []OrderItem{}, Scope: &Scope{APIName: ScopeEverything},
		Visibility: "Private", Shares: []string{}}
	if err := h.applyInput(opCreate, cat, actor, o, v, body, true); err != nil {
		return err
	}
	if v.Label == "" {
		return invalidConfig(opCreate, "label is required")
	}
	if v.APIName == "" {
		v.APIName = developerName(v.Label)
		if !apiNamePattern.MatchString(v.APIName) {
			return invalidConfig(opCreate, "listViewApiName is required when the label has no letters to make one of")
		}
	}
	if existing, err := findView(r.Context(), h.Engine.DB, o, v.APIName); err != nil {
		return err
	} else if existing != nil {
		return duplicate(v.APIName)
	}
	if err := insertView(r.Context(), h.Engine.DB, v); err != nil {
		if db.IsUniqueViolation(err) {
			return duplicate(v.APIName)
		}
		return err
	}
	return h.writeInfo(w, r, cat, actor, o, v, http.StatusCreated)
}

func duplicate(name string) error {
	return httpx.BadRequest("DUPLICATE_DEVELOPER_NAME", "A list view named %s already exists for this object.", name)
}

// developerName makes an API name of a label: its letters and digits, words joined by underscores.
func developerName(label string) string {
	words := strings.FieldsFunc(label, func(r rune) bool { return r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r)) })
	name := strings.Join(words, "_")
	for name != "" && !unicode.IsLetter(rune(name[0])) {
		name = name[1:]
	}
	return strings.Trim(name[:min(len(name), 80)], "_")
}

// ownView is the view the actor may change: their own; a view they only see is 403, a standard view too.
func (h *Handler) ownView(r *http.Request, actor *identity.Principal) (*records.Catalog, *records.Object, *View, error) {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), r.PathValue("listViewApiName"))
	if err != nil {
		return nil, nil, nil, err
	}
	if v.Standard() || v.OwnerID != actor.UserID {
		return nil, nil, nil, httpx.Forbidden("You don't have permission to change the list view %s.", v.APIName)
	}
	return cat, o, v, nil
}

// UpdateListInfo answers PATCH /list-info/{objectApiName}/{listViewApiName}: the owner changes their view.
func (h *Handler) UpdateListInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, err := h.ownView(r, actor)
	if err != nil {
		return err
	}
	body, err := decodeObject(w, r, opUpdate)
	if err != nil {
		return err
	}
	if err := h.applyInput(opUpdate, cat, actor, o, v, body, false); err != nil {
		return err
	}
	v.Stamp = max(time.Now().UnixMilli(), v.Stamp+1)
	if err := updateView(r.Context(), h.Engine.DB, v); err != nil {
		return err
	}
	return h.writeInfo(w, r, cat, actor, o, v, http.StatusOK)
}

// DeleteListInfo answers DELETE /list-info/{objectApiName}/{listViewApiName} with 204: the owner removes their
// view, and every user's preferences for it go with it.
func (h *Handler) DeleteListInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	if r.ContentLength > 0 {
		return invalidConfig(opDelete, "a delete takes no body")
	}
	_, _, v, err := h.ownView(r, actor)
	if err != nil {
		return err
	}
	if err := deleteView(r.Context(), h.Engine.DB, v); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ByID turns a call by object and list view name into the same call by list view id
// (PATCH and DELETE /list-info/{listViewId}).
func (h *Handler) ByID(next func(http.ResponseWriter, *http.Request, *identity.Principal) error) func(http.ResponseWriter, *http.Request, *identity.Principal) error {
	return func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, v, err := h.viewByID(r.Context(), actor, r.PathValue("listViewId"))
		if err != nil {
			return err
		}
		r.SetPathValue("objectApiName", o.APIName)
		r.SetPathValue("listViewApiName", v.APIName)
		return next(w, r, actor)
	}
}
