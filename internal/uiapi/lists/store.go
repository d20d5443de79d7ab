package lists

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// The views users create live in sf_list_view (migration 00021); the standard views are generated on each read, so
// a new object or field shows in them at once.

const viewColumns = `id, object_name, api_name, owner_id, definition, stamp`

func scanView(row interface{ Scan(...any) error }) (*View, error) {
	v := &View{}
	var def string
	if err := row.Scan(&v.ID, &v.Object, &v.APIName, &v.OwnerID, &def, &v.Stamp); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(def), v); err != nil {
		return nil, err
	}
	return v, nil
}

// findView returns the view of the object by API name (case-insensitive, standard views first), nil when none.
func findView(ctx context.Context, d *db.DB, o *records.Object, apiName string) (*View, error) {
	for _, v := range StandardViews(o) {
		if strings.EqualFold(v.APIName, apiName) {
			return v, nil
		}
	}
	v, err := scanView(d.QueryRow(ctx, `SELECT `+viewColumns+` FROM sf_list_view WHERE object_name = ? AND LOWER(api_name) = ?`,
		o.APIName, strings.ToLower(apiName)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return v, err
}

// findViewByID returns the view with the id (a standard one of any object, or a stored one), nil when none.
func findViewByID(ctx context.Context, d *db.DB, cat *records.Catalog, id string) (*View, error) {
	id, ok := records.NormalizeID(id)
	if !ok || records.KeyPrefix(id) != "00B" {
		return nil, nil
	}
	for _, o := range cat.Objects() {
		for _, v := range StandardViews(o) {
			if v.ID == id {
				return v, nil
			}
		}
	}
	v, err := scanView(d.QueryRow(ctx, `SELECT `+viewColumns+` FROM sf_list_view WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return v, err
}

// storedViews lists the object's stored views, by API name.
func storedViews(ctx context.Context, d *db.DB, object string) ([]*View, error) {
	rows, err := d.Query(ctx, `SELECT `+viewColumns+` FROM sf_list_view WHERE object_name = ? ORDER BY api_name`, object)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*View
	for rows.Next() {
		v, err := scanView(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func definition(v *View) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func insertView(ctx context.Context, d *db.DB, v *View) error {
	_, err := d.Exec(ctx, `INSERT INTO sf_list_view (`+viewColumns+`) VALUES (?, ?, ?, ?, ?, ?)`,
		v.ID, v.Object, v.APIName, v.OwnerID, definition(v), v.Stamp)
	return err
}

func updateView(ctx context.Context, d *db.DB, v *View) error {
	_, err := d.Exec(ctx, `UPDATE sf_list_view SET definition = ?, stamp = ? WHERE id = ?`, definition(v), v.Stamp, v.ID)
	return err
}

// deleteView removes the view and every user's preferences for it, together.
func deleteView(ctx context.Context, d *db.DB, v *View) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sf_list_preference WHERE object_name = ? AND list_name = ?`, v.Object, v.APIName); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM sf_list_view WHERE id = ?`, v.ID)
		return err
	})
}

// Preferences are one user's settings for one list.
type Preferences struct {
	ColumnWidths map[string]int  `json:"columnWidths"`
	ColumnWrap   map[string]bool `json:"columnWrap"`
	OrderBy      []OrderItem     `json:"orderedBy"`
}

// loadPreferences reads the user's preferences for the list; empty ones when the user never set any.
func loadPreferences(ctx context.Context, d *db.DB, userID, object, list string) (*Preferences, error) {
	p := &Preferences{}
	var text string
	err := d.QueryRow(ctx, `SELECT preferences FROM sf_list_preference WHERE user_id = ? AND object_name = ? AND list_name = ?`,
		userID, object, list).Scan(&text)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, err
	default:
		if err := json.Unmarshal([]byte(text), p); err != nil {
			return nil, err
		}
	}
	if p.ColumnWidths == nil {
		p.ColumnWidths = map[string]int{}
	}
	if p.ColumnWrap == nil {
		p.ColumnWrap = map[string]bool{}
	}
	return p, nil
}

func savePreferences(ctx context.Context, d *db.DB, userID, object, list string, p *Preferences) error {
	b, _ := json.Marshal(p)
	_, err := d.Exec(ctx, `INSERT INTO sf_list_preference (user_id, object_name, list_name, preferences) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, object_name, list_name) DO UPDATE SET preferences = excluded.preferences`,
		userID, object, list, string(b))
	return err
}

// usedLists are the lists of the object the user has set preferences for (their recent lists).
func usedLists(ctx context.Context, d *db.DB, userID, object string) (map[string]bool, error) {
	rows, err := d.Query(ctx, `SELECT list_name FROM sf_list_preference WHERE user_id = ? AND object_name = ?`, userID, object)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out[n] = true
	}
	return out, rows.Err()
}
