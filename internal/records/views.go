package records

import (
	"context"

	"storefront/internal/identity"
)

// Record views: which records each user opened last, the store behind the UI API's updateMru flag and its most
// recently used lists (table sf_record_view). A view is state of the user, not of the record: it neither changes
// the record's stamps nor needs write access to it, only sight of it.

// MaxViewsPerObject is how many views of one object a user keeps; older ones are dropped as new ones come.
const MaxViewsPerObject = 200

// RecordViewed notes that the actor viewed rec now (again: it moves to the front).
func (e *Engine) RecordViewed(ctx context.Context, actor *identity.Principal, rec *Record) error {
	if actor == nil || actor.UserID == "" {
		return nil
	}
	// A user's views are strictly ordered: one in the same millisecond as their newest (two tabs, a quick
	// click-through) comes just after it rather than tying with it.
	now := e.Now().UnixMilli()
	if _, err := e.DB.Exec(ctx, `INSERT INTO sf_record_view (user_id, record_id, object_name, viewed_at) VALUES (?, ?, ?,
		(SELECT CASE WHEN MAX(viewed_at) >= ? THEN MAX(viewed_at) + 1 ELSE ? END FROM sf_record_view WHERE user_id = ?))
		ON CONFLICT (user_id, record_id) DO UPDATE SET viewed_at = excluded.viewed_at`,
		actor.UserID, rec.ID, rec.Object.APIName, now, now, actor.UserID); err != nil {
		return err
	}
	// Keep the newest views only, so the table stays as small as the lists that read it.
	_, err := e.DB.Exec(ctx, `DELETE FROM sf_record_view WHERE user_id = ? AND object_name = ? AND record_id NOT IN
		(SELECT record_id FROM sf_record_view WHERE user_id = ? AND object_name = ? ORDER BY viewed_at DESC, record_id LIMIT ?)`,
		actor.UserID, rec.Object.APIName, actor.UserID, rec.Object.APIName, MaxViewsPerObject)
	return err
}

// RecentlyViewed lists the ids of the records of the object the actor viewed, newest first, at most limit. The
// ids are not filtered by sight: read them through Query (an In filter on Id) so visibility applies.
func (e *Engine) RecentlyViewed(ctx context.Context, actor *identity.Principal, apiName string, limit int) ([]string, error) {
	if actor == nil || actor.UserID == "" {
		return nil, nil
	}
	rows, err := e.Querier(ctx).Query(ctx, `SELECT record_id FROM sf_record_view WHERE user_id = ? AND object_name = ?
		ORDER BY viewed_at DESC, record_id LIMIT ?`, actor.UserID, apiName, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Recent is the filter of the actor's recent records of an object, the one rule of every recent list (the UI API's
// mru lists, lookups' Recent): the records they viewed (at most MaxViewsPerObject) and the ones they last changed.
func (e *Engine) Recent(ctx context.Context, actor *identity.Principal, apiName string) (Filter, error) {
	viewed, err := e.RecentlyViewed(ctx, actor, apiName, MaxViewsPerObject)
	if err != nil {
		return nil, err
	}
	ids := make([]any, len(viewed))
	for i, id := range viewed {
		ids[i] = id
	}
	var me any
	if actor != nil {
		me = actor.UserID
	}
	return Or{&Cond{Field: "Id", Op: OpIn, Values: ids}, &Cond{Field: "LastModifiedById", Op: OpEq, Value: me}}, nil
}
