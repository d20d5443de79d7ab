package metadata

import (
	"context"
	"encoding/json"
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Each user's state of a layout's sections (collapsed or not), kept per user in sf_layout_user_state (migration
// 00023): another user never sees it. layoutType defaults to Full and mode to View, as for layouts.

// LayoutUserState is RecordLayoutUserStateRepresentation: the layout's id and each section's state by section id.
type LayoutUserState struct {
	ID                string                      `json:"id"`
	SectionUserStates map[string]SectionUserState `json:"sectionUserStates"`
}

// SectionUserState is RecordLayoutSectionUserStateRepresentation.
type SectionUserState struct {
	Collapsed bool   `json:"collapsed"`
	ID        string `json:"id"`
}

// userStateTarget is the object, layout key and layout (as the actor sees it) of a user-state call.
func (h *Handler) userStateTarget(r *http.Request, actor *identity.Principal) (*records.Object, layoutKey, *RecordLayout, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, layoutKey{}, nil, err
	}
	o, err := h.object(r, cat, actor)
	if err != nil {
		return nil, layoutKey{}, nil, err
	}
	key, err := layoutParams(r, o)
	if err != nil {
		return nil, layoutKey{}, nil, err
	}
	layout, err := h.Layout(r.Context(), actor, o, key)
	return o, key, layout, err
}

// GetLayoutUserState answers GET /ui-api/layout/{objectApiName}/user-state.
func (h *Handler) GetLayoutUserState(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, key, layout, err := h.userStateTarget(r, actor)
	if err != nil {
		return err
	}
	state, err := h.UserState(r.Context(), h.Engine.DB, actor, o, key, layout)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, state)
	return nil
}

// UserState is the actor's state of the layout's sections: expanded unless the actor collapsed them.
func (h *Handler) UserState(ctx context.Context, q db.Querier, actor *identity.Principal, o *records.Object, key layoutKey, layout *RecordLayout) (*LayoutUserState, error) {
	state := &LayoutUserState{ID: *layout.ID, SectionUserStates: map[string]SectionUserState{}}
	for _, s := range layout.Sections {
		state.SectionUserStates[*s.ID] = SectionUserState{ID: *s.ID}
	}
	rows, err := q.Query(ctx, `SELECT section_id, collapsed FROM sf_layout_user_state WHERE user_id = ? AND
		object_api_name = ? AND layout_type = ? AND mode = ? AND record_type_id = ?`,
		actor.UserID, o.APIName, key.layoutType, key.mode, key.recordTypeID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var s SectionUserState
		if err := rows.Scan(&s.ID, &s.Collapsed); err != nil {
			return nil, err
		}
		if _, ok := state.SectionUserStates[s.ID]; ok { // a section the layout no longer has is forgotten
			state.SectionUserStates[s.ID] = s
		}
	}
	return state, rows.Err()
}

// userStateInput is the body of PATCH .../user-state: {"sectionUserStates": {sectionId: {"collapsed": bool}}}.
type userStateInput struct {
	SectionUserStates map[string]*struct {
		Collapsed *bool `json:"collapsed"`
	} `json:"sectionUserStates"`
}

// invalidUserState is the 400 for a body that is not a layout user state, worded as spec/data-layer.md section 5
// words it ('@wire(updateLayoutUserState) invalid configuration ...'), the detail after it.
func invalidUserState(detail string) error {
	return invalidInput("@wire(updateLayoutUserState) invalid configuration: %s", detail)
}

// UpdateLayoutUserState answers PATCH /ui-api/layout/{objectApiName}/user-state: the sections named are set for
// the actor alone, all or none; the answer is the whole state as GET now gives it.
func (h *Handler) UpdateLayoutUserState(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, key, layout, err := h.userStateTarget(r, actor)
	if err != nil {
		return err
	}
	body, err := httpx.ReadBody(w, r)
	if err != nil {
		return err
	}
	var in userStateInput
	if json.Unmarshal(body, &in) != nil || in.SectionUserStates == nil {
		return invalidUserState("sectionUserStates must be an object of section states keyed by section ID.")
	}
	sections := map[string]bool{}
	for _, s := range layout.Sections {
		sections[*s.ID] = true
	}
	for id, s := range in.SectionUserStates {
		switch {
		case s == nil || s.Collapsed == nil:
			return invalidUserState("the state of section " + id + " must be an object with a boolean collapsed.")
		case !sections[id]:
			return invalidUserState("the layout has no section " + id + ".")
		}
	}
	var state *LayoutUserState
	err = h.Engine.DB.InTx(r.Context(), func(tx *db.Tx) error {
		for id, s := range in.SectionUserStates {
			if _, err := tx.Exec(r.Context(), `INSERT INTO sf_layout_user_state (user_id, object_api_name, layout_type,
				mode, record_type_id, section_id, collapsed) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id,
				object_api_name, layout_type, mode, record_type_id, section_id) DO UPDATE SET collapsed = excluded.collapsed`,
				actor.UserID, o.APIName, key.layoutType, key.mode, key.recordTypeID, id, *s.Collapsed); err != nil {
				return err
			}
		}
		var err error
		state, err = h.UserState(r.Context(), tx, actor, o, key, layout)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, state)
	return nil
}
