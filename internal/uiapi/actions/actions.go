// Package actions serves the UI API's action calls (/ui-api/actions/...): the standard buttons and quick actions a
// caller may use on a record, an object, a related list or globally, and the quick actions themselves (info,
// layout, defaults, and performing one). Actions are derived, never stored: standard buttons from the object's
// metadata and the caller's object permissions (New needs create, Edit update, Delete delete, Clone create), quick
// actions from the small definitions of quickactions.go, shown only when the caller may do what they do.
package actions

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler holds what the action routes need.
type Handler struct {
	Engine *records.Engine
}

// orgID stands in for the org id that prefixes every action's externalId; the storefront is one org.
const orgID = "00D000000000001"

// PlatformAction is PlatformActionRepresentation, key for key.
type PlatformAction struct {
	ActionListContext   string  `json:"actionListContext"`
	ActionTarget        *string `json:"actionTarget"`
	ActionTargetType    *string `json:"actionTargetType"`
	APIName             string  `json:"apiName"`
	ExternalID          string  `json:"externalId"`
	IconURL             *string `json:"iconUrl"`
	ID                  string  `json:"id"`
	IsMassAction        string  `json:"isMassAction"` // "true" or "false": a string on the wire
	Label               string  `json:"label"`
	PrimaryColor        *string `json:"primaryColor"`
	RelatedListRecordID *string `json:"relatedListRecordId"`
	RelatedSourceObject *string `json:"relatedSourceObject"`
	Section             *string `json:"section"`
	SourceObject        string  `json:"sourceObject"`
	Subtype             *string `json:"subtype"`
	TargetObject        *string `json:"targetObject"`
	TargetURL           *string `json:"targetUrl"`
	Type                string  `json:"type"`
}

// entityActions is EntityActionRepresentation: one source's actions.
type entityActions struct {
	Actions []PlatformAction `json:"actions"`
	Links   []string         `json:"links"`
	URL     string           `json:"url"`
}

// actionsRep is ActionRepresentation: the actions of each source (a record id, an object name or "Global").
type actionsRep struct {
	Actions map[string]*entityActions `json:"actions"`
	ETag    string                    `json:"eTag"`
	URL     string                    `json:"url"`
}

func newActionsRep(r *http.Request) *actionsRep {
	return &actionsRep{Actions: map[string]*entityActions{}, URL: recordsapi.RequestPath(r)}
}

// add files a source's actions (an empty list when it has none, as the wire does).
func (a *actionsRep) add(source string, url string, list []PlatformAction) {
	if list == nil {
		list = []PlatformAction{}
	}
	a.Actions[source] = &entityActions{Actions: list, Links: []string{}, URL: url}
}

// write answers the representation with its eTag: a hash of the actions, so it changes when they do.
func (a *actionsRep) write(w http.ResponseWriter, status int) {
	a.ETag = hashOf(a.Actions)
	httpx.WriteJSON(w, status, a)
}

func hashOf(v any) string {
	b, _ := json.Marshal(v)
	sum := md5.Sum(b)
	return hex.EncodeToString(sum[:])
}

// action describes one action before it is placed in a context (a record, an object, a related list).
type action struct {
	apiName, label, kind string // kind: StandardButton or QuickAction
	subtype, target      string // the quick action's type (Create, Update); the object it acts on
	icon, color          string
	section              string
}

// placement is where an action is shown: its list context, its source, and for related lists the list and the row.
type placement struct {
	context, source           string
	relatedList, relatedRecID string
}

// platformAction builds the wire action of a in the placement p.
func platformAction(a action, p placement) PlatformAction {
	out := PlatformAction{ActionListContext: p.context, APIName: a.apiName, Label: a.label, Type: a.kind,
		SourceObject: p.source, IsMassAction: "false", Section: strPtr(a.section), TargetObject: strPtr(a.target),
		PrimaryColor: strPtr(a.color), Subtype: strPtr(a.subtype), RelatedSourceObject: strPtr(p.relatedList),
		RelatedListRecordID: strPtr(p.relatedRecID)}
	if a.icon != "" {
		out.IconURL = strPtr("/img/icon/t4v35/action/" + a.icon + "_120.png")
	}
	if a.kind == "QuickAction" {
		// A quick action has a user interface: the client describes it before showing it.
		out.ActionTargetType = strPtr("Describe")
		out.ActionTarget = strPtr("/services/data/v64.0/ui-api/actions/quick-action-info/" + a.apiName)
		out.ExternalID = orgID + ":" + p.source + "::" + p.context + ":Desktop:" + a.apiName
	} else {
		out.ActionTargetType = strPtr("Invoke")
		out.ExternalID = orgID + ":" + p.source + "::" + p.context + ":Desktop:StandardButton:" + a.apiName
	}
	// The id is stable for an action in its context: a hash of the external id in the PlatformAction key prefix.
	out.ID = records.To18("0JV" + strings.ToUpper(hashOf(out.ExternalID)[:12]))
	return out
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
