package relatedlists

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// stored is what a user changed of a related list (table sf_related_list_preference, one row per user and list):
// nil keeps the list's default.
type stored struct {
	ColumnWidths map[string]int64 `json:"columnWidths,omitempty"`
	ColumnWrap   map[string]bool  `json:"columnWrap,omitempty"`
	OrderedBy    []orderTerm      `json:"orderedBy,omitempty"`
}

// orderTerm is one term of a list's order, as stored.
type orderTerm struct {
	Field     string `json:"fieldApiName"`
	Ascending bool   `json:"isAscending"`
}

// merge takes what a change sets over what was stored.
func (s *stored) merge(change *stored) {
	if change.ColumnWidths != nil {
		s.ColumnWidths = change.ColumnWidths
	}
	if change.ColumnWrap != nil {
		s.ColumnWrap = change.ColumnWrap
	}
	if change.OrderedBy != nil {
		s.OrderedBy = change.OrderedBy
	}
}

func loadPreferences(ctx context.Context, d *db.DB, userID, prefsID string) (*stored, error) {
	var text string
	err := d.QueryRow(ctx, `SELECT preferences FROM sf_related_list_preference WHERE user_id = ? AND preferences_id = ?`,
		userID, prefsID).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return &stored{}, nil
	}
	if err != nil {
		return nil, err
	}
	s := &stored{}
	if err := json.Unmarshal([]byte(text), s); err != nil {
		return nil, err
	}
	return s, nil
}

func savePreferences(ctx context.Context, d *db.DB, userID, prefsID string, s *stored) error {
	text, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = d.Exec(ctx, `INSERT INTO sf_related_list_preference (user_id, preferences_id, preferences) VALUES (?, ?, ?)
		ON CONFLICT (user_id, preferences_id) DO UPDATE SET preferences = excluded.preferences`, userID, prefsID, string(text))
	return err
}

// orderInfo is ListOrderByInfoRepresentation.
type orderInfo struct {
	FieldAPIName string  `json:"fieldApiName"`
	IsAscending  bool    `json:"isAscending"`
	Label        *string `json:"label"`
}

// listPrefs is a list's effective preferences for one user: the defaults of its display columns (width -1, no
// wrap; the name's order) with what the user changed over them.
type listPrefs struct {
	Columns      []*recordsapi.FieldPath
	ColumnWidths map[string]int64
	ColumnWrap   map[string]bool
	OrderedBy    []orderInfo
	Order        []records.Order // OrderedBy for the engine
}

// preferences are the actor's effective preferences of the list. A stored sort field the caller can no longer
// read is dropped rather than refused: the preference outlived a permission.
func (h *Handler) preferences(ctx context.Context, cat *records.Catalog, actor *identity.Principal, rl *relatedList) (*listPrefs, error) {
	s, err := loadPreferences(ctx, h.Engine.DB, actor.UserID, rl.PreferencesID())
	if err != nil {
		return nil, err
	}
	p := &listPrefs{Columns: h.defaultColumns(cat, actor, rl), ColumnWidths: map[string]int64{}, ColumnWrap: map[string]bool{},
		OrderedBy: []orderInfo{}, Order: []records.Order{}}
	for _, c := range p.Columns {
		p.ColumnWidths[c.Path], p.ColumnWrap[c.Path] = -1, false
		if w, ok := s.ColumnWidths[c.Path]; ok {
			p.ColumnWidths[c.Path] = w
		}
		if wrap, ok := s.ColumnWrap[c.Path]; ok {
			p.ColumnWrap[c.Path] = wrap
		}
	}
	terms := s.OrderedBy
	if terms == nil && len(p.Columns) > 0 {
		terms = []orderTerm{{Field: p.Columns[0].Path, Ascending: true}}
	}
	for _, t := range terms {
		if c := h.resolve(cat, actor, rl.Object, t.Field); c != nil {
			label := columnLabel(c)
			p.OrderedBy = append(p.OrderedBy, orderInfo{FieldAPIName: c.Path, IsAscending: t.Ascending, Label: &label})
			p.Order = append(p.Order, records.Order{Field: c.Path, Desc: !t.Ascending})
		}
	}
	return p, nil
}
