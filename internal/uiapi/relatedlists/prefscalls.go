package relatedlists

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// prefsRep is RelatedListUserPreferencesRepresentation.
type prefsRep struct {
	ColumnWidths  map[string]int64 `json:"columnWidths"`
	ColumnWrap    map[string]bool  `json:"columnWrap"`
	OrderedBy     []orderInfo      `json:"orderedBy"`
	PreferencesID string           `json:"preferencesId"`
}

// byPreferencesID is the related list a preferences id names ("Account.Contacts": the parent object and the
// list), or the one not-found answer.
func (h *Handler) byPreferencesID(ctx context.Context, actor *identity.Principal, id string) (*records.Catalog, *relatedList, error) {
	object, list, ok := strings.Cut(id, ".")
	if !ok {
		return nil, nil, httpx.NotFound("The related list preferences '%s' do not exist", id)
	}
	cat, parent, err := h.parentObject(ctx, actor, object)
	if err != nil {
		return nil, nil, err
	}
	rl := h.find(cat, actor, parent, list)
	if rl == nil {
		return nil, nil, listNotFound(list)
	}
	return cat, rl, nil
}

func (h *Handler) prefsRep(ctx context.Context, cat *records.Catalog, actor *identity.Principal, rl *relatedList) (*prefsRep, error) {
	p, err := h.preferences(ctx, cat, actor, rl)
	if err != nil {
		return nil, err
	}
	return &prefsRep{ColumnWidths: p.ColumnWidths, ColumnWrap: p.ColumnWrap, OrderedBy: p.OrderedBy,
		PreferencesID: rl.PreferencesID()}, nil
}

// GetPreferences answers GET /related-list-preferences/{preferencesId}: the caller's own preferences of the list.
func (h *Handler) GetPreferences(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, rl, err := h.byPreferencesID(r.Context(), actor, r.PathValue("preferencesId"))
	if err != nil {
		return err
	}
	rep, err := h.prefsRep(r.Context(), cat, actor, rl)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// GetPreferencesBatch answers GET /related-list-preferences/batch/{preferencesIds}: one result per id.
func (h *Handler) GetPreferencesBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	ids, err := names(r.PathValue("preferencesIds"), "preferences id")
	if err != nil {
		return err
	}
	out := batch{Results: []recordsapi.BatchItem{}}
	for _, id := range ids {
		var rep *prefsRep
		cat, rl, err := h.byPreferencesID(r.Context(), actor, id)
		if err == nil {
			rep, err = h.prefsRep(r.Context(), cat, actor, rl)
		}
		item, err := recordsapi.ItemOf(rep, err)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, item)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// UpdatePreferences answers PATCH /related-list-preferences/{preferencesId}: columnWidths, columnWrap and orderedBy
// replace the caller's own, each when given.
func (h *Handler) UpdatePreferences(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, rl, err := h.byPreferencesID(r.Context(), actor, r.PathValue("preferencesId"))
	if err != nil {
		return err
	}
	body, err := readObject(w, r, configPreferences)
	if err != nil {
		return err
	}
	change, err := h.readPreferencesChange(cat, actor, rl, body)
	if err != nil {
		return err
	}
	if err := h.change(r.Context(), actor, rl, change); err != nil {
		return err
	}
	rep, err := h.prefsRep(r.Context(), cat, actor, rl)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}
