package avatars

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// photo is a record's associated photo (sf_record_avatar, migration 00026).
type photo struct {
	RecordID, PhotoURL                    string
	ExternalID, BlueMasterID, ProfileName sql.NullString
	Stamp                                 int64
}

// photosOf reads the photos of the records among ids (18-character), by record id.
func photosOf(ctx context.Context, d *db.DB, ids []string) (map[string]*photo, error) {
	out := map[string]*photo{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := d.Query(ctx, `SELECT record_id, photo_url, external_id, blue_master_id, profile_name, stamp
		FROM sf_record_avatar WHERE record_id IN (?`+strings.Repeat(",?", len(ids)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		p := &photo{}
		if err := rows.Scan(&p.RecordID, &p.PhotoURL, &p.ExternalID, &p.BlueMasterID, &p.ProfileName, &p.Stamp); err != nil {
			return nil, err
		}
		out[p.RecordID] = p
	}
	return out, rows.Err()
}

// savePhoto associates the photo with its record, replacing any earlier one.
func savePhoto(ctx context.Context, d *db.DB, p *photo) error {
	p.Stamp = time.Now().UnixMilli()
	return d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sf_record_avatar WHERE record_id = ?`, p.RecordID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sf_record_avatar (record_id, photo_url, external_id, blue_master_id, profile_name, stamp)
			VALUES (?, ?, ?, ?, ?, ?)`, p.RecordID, p.PhotoURL, p.ExternalID, p.BlueMasterID, p.ProfileName, p.Stamp)
		return err
	})
}

// removePhoto drops the record's photo: it is a Theme avatar again.
func removePhoto(ctx context.Context, d *db.DB, recordID string) error {
	_, err := d.Exec(ctx, `DELETE FROM sf_record_avatar WHERE record_id = ?`, recordID)
	return err
}
