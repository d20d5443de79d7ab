package sobjects

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// maxTreeDepth is how deep child records may nest under a root record, as Salesforce allows.
const maxTreeDepth = 5

type treeResult struct {
	ReferenceID string        `json:"referenceId"`
	ID          string        `json:"id,omitempty"`
	Errors      []ResultError `json:"errors,omitempty"`
}

// treeNode is one record of the tree with the child records nested under it by relationship.
type treeNode struct {
	object   *records.Object
	ref      string
	values   map[string]any
	children []treeChildren
}

type treeChildren struct {
	field string // the child's reference to this record
	nodes []*treeNode
}

// treeInput walks the body into nodes: each record needs attributes.type (the object it is placed under) and a
// unique attributes.referenceId; a value {"records": [...]} under a child relationship's name nests children.
type treeInput struct {
	cat   *records.Catalog
	seen  map[string]bool
	count int
}

func (t *treeInput) nodes(actor *identity.Principal, h *Handler, o *records.Object, raw any, depth int) ([]*treeNode, error) {
	list, ok := raw.([]any)
	if !ok || len(list) == 0 {
		return nil, httpx.BadRequest("INVALID_INPUT", "records must be a non-empty list of records.")
	}
	if depth > maxTreeDepth {
		return nil, httpx.BadRequest("INVALID_INPUT", "Records may nest at most %d levels deep.", maxTreeDepth)
	}
	var out []*treeNode
	for _, item := range list {
		rec, ok := item.(map[string]any)
		if !ok {
			return nil, httpx.BadRequest("INVALID_INPUT", "Each record must be a JSON object.")
		}
		attrs, _ := rec["attributes"].(map[string]any)
		typ, _ := attrs["type"].(string)
		ref, _ := attrs["referenceId"].(string)
		if !strings.EqualFold(typ, o.APIName) {
			return nil, httpx.BadRequest("INVALID_INPUT", "A record's attributes.type must be %s here; it is %q.", o.APIName, typ)
		}
		if !referenceID.MatchString(ref) || t.seen[ref] {
			return nil, httpx.BadRequest("INVALID_INPUT", "Each record needs a unique attributes.referenceId of letters, numbers and underscores: %q.", ref)
		}
		t.seen[ref] = true
		if t.count++; t.count > maxCollection {
			return nil, httpx.BadRequest("EXCEEDED_ID_LIMIT", "A tree holds at most %d records.", maxCollection)
		}
		n := &treeNode{object: o, ref: ref, values: map[string]any{}}
		for k, v := range rec {
			if k == "attributes" {
				continue
			}
			nested, isNested := v.(map[string]any)
			if !isNested {
				n.values[k] = v
				continue
			}
			rel := t.relationship(o, k)
			if rel == nil {
				return nil, httpx.BadRequest("INVALID_FIELD", "No such child relationship '%s' on %s.", k, o.APIName)
			}
			child := t.cat.Object(rel.ChildObject)
			if child == nil || !h.Engine.CanRead(actor, child) {
				return nil, httpx.BadRequest("INVALID_FIELD", "No such child relationship '%s' on %s.", k, o.APIName)
			}
			kids, err := t.nodes(actor, h, child, nested["records"], depth+1)
			if err != nil {
				return nil, err
			}
			n.children = append(n.children, treeChildren{field: rel.FieldName, nodes: kids})
		}
		out = append(out, n)
	}
	return out, nil
}

func (t *treeInput) relationship(o *records.Object, name string) *records.ChildRelationship {
	for _, ch := range t.cat.Children(o.APIName) {
		if strings.EqualFold(ch.RelationshipName, name) {
			return &ch
		}
	}
	return nil
}

// treeFailure is the record that failed, which rolls the whole tree back.
type treeFailure struct {
	ref   string
	items []ResultError
}

func (f *treeFailure) Error() string { return "sobjects: tree record " + f.ref + " failed" }

// insertTree inserts the nodes, parents before their children, inside tx, appending each result.
func (h *Handler) insertTree(ctx context.Context, tx *db.Tx, actor *identity.Principal, nodes []*treeNode, parentField, parentID string, out *[]treeResult) error {
	for _, n := range nodes {
		if parentField != "" {
			n.values[parentField] = parentID
		}
		recs, err := h.Engine.Insert(ctx, tx, actor, n.object.APIName, []map[string]any{n.values})
		if err != nil {
			items, fatal := errorItems(err)
			if fatal != nil {
				return fatal
			}
			return &treeFailure{ref: n.ref, items: items}
		}
		*out = append(*out, treeResult{ReferenceID: n.ref, ID: recs[0].ID})
		for _, ch := range n.children {
			if err := h.insertTree(ctx, tx, actor, ch.nodes, ch.field, recs[0].ID, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// Tree answers POST composite/tree/{object}: up to 200 records of the object with child records nested under
// them, all inserted in one transaction or none. 201 {hasErrors: false, results: [{referenceId, id}]}; 400 with
// the failed record's errors otherwise.
func (h *Handler) Tree() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		cat, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		var body map[string]any
		if err := httpx.DecodeJSON(w, r, &body); err != nil {
			return err
		}
		in := &treeInput{cat: cat, seen: map[string]bool{}}
		nodes, err := in.nodes(actor, h, o, body["records"], 1)
		if err != nil {
			return err
		}
		var results []treeResult
		err = h.Engine.InTx(r.Context(), func(ctx context.Context, tx *db.Tx) error {
			return h.insertTree(ctx, tx, actor, nodes, "", "", &results)
		})
		var failure *treeFailure
		if errors.As(err, &failure) {
			httpx.WriteJSON(w, http.StatusBadRequest, map[string]any{"hasErrors": true,
				"results": []treeResult{{ReferenceID: failure.ref, Errors: failure.items}}})
			return nil
		}
		if err != nil {
			return err
		}
		ids := make([]string, len(results))
		for i, res := range results {
			ids[i] = res.ID
		}
		h.logWrite(r, actor, "tree", o.APIName, ids...)
		httpx.WriteJSON(w, http.StatusCreated, map[string]any{"hasErrors": false, "results": results})
		return nil
	})
}
