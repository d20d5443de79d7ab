// Package relatedlists serves the UI API's related lists (spec/data-layer.md section 7 "Related lists"): counts,
// info (single, batch, by parent; update), user preferences and record pages. A related list is derived from the
// metadata: every reference field of another object that points at the parent (a child relationship) is one, named
// by the relationship (Contacts, Opportunities, Cases, Orders, CartItems). Records are read through the engine's
// query API (the parent reference = the parent's id, AND the caller's `where` parsed as SOQL parses it), so row
// visibility and field-level security apply; what a caller may not read does not exist for them.
package relatedlists

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler holds what the routes need.
type Handler struct {
	Engine *records.Engine
}

// relatedList is one child relationship of a parent object, seen as a related list.
type relatedList struct {
	Parent *records.Object
	recordsapi.Child
	// Label is the child object's plural label, followed by the reference's label when the parent has several
	// lists of that object ("Stores (Guest Price Book)", "Stores (Standard Price Book)"), so each list says which.
	Label string
}

// ID is the related list's id: the relationship name.
func (rl *relatedList) ID() string { return rl.RelationshipName }

// PreferencesID names the caller's preferences of the list: "Account.Contacts".
func (rl *relatedList) PreferencesID() string { return rl.Parent.APIName + "." + rl.RelationshipName }

// lists are the related lists of parent the actor sees, in the metadata's order.
func (h *Handler) lists(cat *records.Catalog, actor *identity.Principal, parent *records.Object) []*relatedList {
	var out []*relatedList
	perObject := map[string]int{}
	for _, ch := range recordsapi.VisibleChildren(cat, h.Engine, actor, parent) {
		out = append(out, &relatedList{Parent: parent, Child: ch, Label: ch.Object.LabelPlural})
		perObject[ch.Object.APIName]++
	}
	for _, rl := range out {
		if perObject[rl.Object.APIName] > 1 {
			rl.Label += " (" + strings.TrimSuffix(rl.Field.Label, " ID") + ")"
		}
	}
	return out
}

// find is the related list of parent named id (case-insensitive, as the API's names are), or nil.
func (h *Handler) find(cat *records.Catalog, actor *identity.Principal, parent *records.Object, id string) *relatedList {
	for _, rl := range h.lists(cat, actor, parent) {
		if strings.EqualFold(rl.ID(), id) {
			return rl
		}
	}
	return nil
}

// parentObject is the object named in the path, when the actor may read it; else the one not-found answer.
func (h *Handler) parentObject(ctx context.Context, actor *identity.Principal, name string) (*records.Catalog, *records.Object, error) {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	o := cat.Object(name)
	if o == nil || !h.Engine.CanRead(actor, o) {
		return nil, nil, recordsapi.NotFound()
	}
	return cat, o, nil
}

// parentRecord is the record named in the path (15 or 18 characters), when the actor sees it.
func (h *Handler) parentRecord(ctx context.Context, actor *identity.Principal, id string) (*records.Catalog, *records.Record, error) {
	rec, err := h.Engine.Get(ctx, actor, id)
	if err != nil {
		return nil, nil, err
	}
	cat, err := h.Engine.Catalog(ctx)
	return cat, rec, err
}

// listNotFound is the answer for a related list the parent does not have (or the actor may not see).
func listNotFound(id string) *httpx.Error {
	return httpx.NotFound("The related list '%s' does not exist", id)
}

// listReference is RelatedListReferenceRepresentation.
type listReference struct {
	ID                  *string `json:"id"`
	InContextOfRecordID *string `json:"inContextOfRecordId"`
	ListViewAPIName     *string `json:"listViewApiName"`
	ObjectAPIName       *string `json:"objectApiName"`
	ParentObjectAPIName string  `json:"parentObjectApiName"`
	RecordTypeID        *string `json:"recordTypeId"`
	RelatedListID       string  `json:"relatedListId"`
	Type                string  `json:"type"`
}

// reference is the list's reference, in the context of a parent record when recordID is not "".
func (rl *relatedList) reference(recordID, recordTypeID string) listReference {
	return listReference{InContextOfRecordID: nonEmpty(recordID), ParentObjectAPIName: rl.Parent.APIName,
		RecordTypeID: nonEmpty(recordTypeID), RelatedListID: rl.ID(), Type: "relatedList"}
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// eTag is an opaque hash of a representation's content: it changes when the content does.
func eTag(v any) string {
	b, _ := json.Marshal(v)
	sum := md5.Sum(b)
	return hex.EncodeToString(sum[:])
}

type batch struct {
	Results []recordsapi.BatchItem `json:"results"`
}

// names reads a comma-separated path segment of a batch call; none at all is a bad request.
func names(segment, what string) ([]string, error) {
	out := recordsapi.SplitList(segment)
	if len(out) == 0 {
		return nil, httpx.BadRequest("INVALID_INPUT", "Specify at least one %s.", what)
	}
	return out, nil
}
