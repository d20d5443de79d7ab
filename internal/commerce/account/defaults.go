package account

import (
	"context"
	"slices"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// The address book's rules, kept by engine hooks so that they hold whoever writes an address (these calls, the
// records API, the console):
//
//   - CountryCode is the ISO code of Country: derived when blank, and again when Country changes without it.
//   - Each account has exactly one default address per type once it has an address of that type: making an
//     address the default takes the flag from the others; the first address of a type becomes the default; when
//     the default is deleted, moved to another account or type, or unset, the newest other address of its type
//     takes the flag.
//
// Writers of one account's addresses take turns on the account's row lock (PostgreSQL; SQLite has one writer), so
// two buyers making two addresses the default at once leave exactly one: the later.

// group is one account's addresses of one type, which have one default between them.
type group struct{ parent, typ string }

func groupOf(rec *records.Record) group {
	return group{rec.String("ParentId"), rec.String("AddressType")}
}

// settling is the defaults' reaction to a write of addresses; the hooks' own writes are Quiet for it.
const settling = "address defaults"

func deriveCountryCode(_ context.Context, ev *records.SaveEvent) error {
	for i, rec := range ev.Records {
		code := storecontext.CountryCode(rec.String("CountryCode"))
		if ev.Old != nil && ev.Old[i].String("Country") != rec.String("Country") &&
			ev.Old[i].String("CountryCode") == rec.String("CountryCode") {
			code = "" // the country changed and its code did not: the code was the old country's
		}
		if code == "" {
			code = storecontext.CountryCode(rec.String("Country"))
		}
		if code == "" {
			rec.Values["CountryCode"] = nil
		} else {
			rec.Values["CountryCode"] = code
		}
	}
	return nil
}

// settleAfterSave settles the groups a batch of saved addresses changed: those an address entered (created, or
// moved to another account or type), those one left, and those where one became or stopped being the default.
func settleAfterSave(ctx context.Context, e *records.Engine, ev *records.SaveEvent) error {
	if records.Quieted(ctx, settling) {
		return nil
	}
	var groups []group
	chosen := map[group]string{}
	unset := map[string]bool{}
	for i, rec := range ev.Records {
		g, isDefault := groupOf(rec), rec.Values["IsDefault"] == true
		var old *records.Record
		if ev.Old != nil {
			old = ev.Old[i]
		}
		wasDefault := old != nil && old.Values["IsDefault"] == true
		moved := old == nil || groupOf(old) != g
		if old != nil && moved {
			groups = append(groups, groupOf(old))
		}
		if !moved && isDefault == wasDefault {
			continue
		}
		groups = append(groups, g)
		switch {
		case isDefault:
			chosen[g] = rec.ID // the last of a batch wins
		case wasDefault:
			unset[rec.ID] = true
		}
	}
	return settle(ctx, e, ev.Tx, groups, chosen, unset)
}

// settleAfterDelete gives the groups that lost their default a new one.
func settleAfterDelete(ctx context.Context, e *records.Engine, ev *records.DeleteEvent) error {
	var groups []group
	for _, rec := range ev.Records {
		if rec.Values["IsDefault"] == true {
			groups = append(groups, groupOf(rec))
		}
	}
	return settle(ctx, e, ev.Tx, groups, nil, nil)
}

// settle leaves each group with one default: chosen's address where the batch chose one, else the default it has,
// else its newest address (preferring those not just unset). One read and at most one write for the batch.
func settle(ctx context.Context, e *records.Engine, tx *db.Tx, groups []group, chosen map[group]string,
	unset map[string]bool) error {
	var parents []string
	for _, g := range groups {
		if g.parent != "" && !slices.Contains(parents, g.parent) {
			parents = append(parents, g.parent)
		}
	}
	if len(parents) == 0 {
		return nil
	}
	if err := lockAccounts(ctx, tx, parents); err != nil {
		return err
	}
	type member struct {
		id        string
		isDefault bool
	}
	in, args := db.InList(parents)
	rows, err := tx.Query(ctx, `SELECT id, parentid, addresstype, isdefault FROM contactpointaddress
		WHERE parentid IN (`+in+`) ORDER BY createddate DESC, id DESC`, args...)
	if err != nil {
		return err
	}
	members := map[group][]member{}
	for rows.Next() {
		var m member
		var g group
		if err := rows.Scan(&m.id, &g.parent, &g.typ, &m.isDefault); err != nil {
			rows.Close()
			return err
		}
		members[g] = append(members[g], m)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	var changes []records.Change
	set := func(id string, v bool) {
		changes = append(changes, records.Change{ID: id, Values: map[string]any{"IsDefault": v}})
	}
	done := map[group]bool{}
	for _, g := range groups {
		ms := members[g]
		if done[g] || len(ms) == 0 {
			continue
		}
		done[g] = true
		if id := chosen[g]; id != "" {
			for _, m := range ms {
				if m.isDefault && m.id != id {
					set(m.id, false)
				}
			}
			continue
		}
		if slices.ContainsFunc(ms, func(m member) bool { return m.isDefault }) {
			continue
		}
		pick := ms[0].id
		if i := slices.IndexFunc(ms, func(m member) bool { return !unset[m.id] }); i >= 0 {
			pick = ms[i].id
		}
		set(pick, true)
	}
	if len(changes) == 0 {
		return nil
	}
	_, err = e.UpdateMany(records.Quiet(ctx, settling), tx, records.System, changes, records.UpdateOptions{})
	return err
}

// lockAccounts takes the row locks of accounts whose address books a transaction changes, in id order so that two
// writers never deadlock. Only PostgreSQL needs them: SQLite's single writer already serialises write transactions.
// Each row is read, so each is locked.
func lockAccounts(ctx context.Context, tx *db.Tx, ids []string) error {
	if tx.Dialect() != db.Postgres || len(ids) == 0 {
		return nil
	}
	in, args := db.InList(ids)
	_, err := db.Strings(ctx, tx, `SELECT id FROM account WHERE id IN (`+in+`) ORDER BY id FOR UPDATE`, args...)
	return err
}
