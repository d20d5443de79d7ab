package pricing

import (
	"context"
	"log/slog"
	"sort"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// WarmTables loads, before a large catalogue takes traffic, the listing price tables (tables.go) of the sets of
// books its shoppers share most: the guests' and those of the commonest buyer groups, up to maxTables a store.
// Without it the first seconds of searches price every page by query and then pay for the table's load while
// shoppers wait (two seconds of a core at a million products). A set no table was warmed for still gets one after
// tableAfterMisses. Errors are logged: the tables then load as shoppers search.
func WarmTables(ctx context.Context, d *db.DB) {
	stores, err := db.Strings(ctx, d, `SELECT id FROM webstore ORDER BY id`)
	if err != nil {
		slog.Warn("listing prices: warming the price tables failed", "err", err)
		return
	}
	for _, store := range stores {
		if err := warmStore(ctx, d, store); err != nil {
			slog.Warn("listing prices: warming the price tables failed", "store", store, "err", err)
		}
	}
}

// warmStore loads the tables of the guests' books and of the commonest sets of buyer groups in the store.
func warmStore(ctx context.Context, d *db.DB, storeID string) error {
	accounts, err := commonestGroupSets(ctx, d, storeID)
	if err != nil {
		return err
	}
	warmed := map[string]bool{}
	for _, account := range append([]string{""}, accounts...) { // "": the guests
		books, err := booksOf(ctx, d, storeID, account)
		if err != nil {
			return err
		}
		if warmed[books.scope] || len(books.ids) == 0 {
			continue
		}
		if int64(len(warmed)) == maxTables {
			return nil
		}
		warmed[books.scope] = true
		if _, st := tableFor(d, books); st != nil && st.start() {
			start := time.Now()
			if err := st.load(ctx, d, books); err != nil {
				return err
			}
			slog.Info("listing prices: price table warmed", "store", storeID, "duration", time.Since(start))
		}
	}
	return nil
}

// commonestGroupSets is an account for each set of the store's buyer groups accounts belong to, the sets most
// accounts share first.
func commonestGroupSets(ctx context.Context, d *db.DB, storeID string) ([]string, error) {
	rows, err := d.Query(ctx, `SELECT m.buyerid, m.buyergroupid FROM buyergroupmember m
		JOIN webstorebuyergroup sg ON sg.buyergroupid = m.buyergroupid
		WHERE sg.webstoreid = ? AND m.buyerid IS NOT NULL ORDER BY m.buyerid, m.buyergroupid`, storeID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	groupsOf := map[string][]string{}
	var order []string
	for rows.Next() {
		var account, group string
		if err := rows.Scan(&account, &group); err != nil {
			return nil, err
		}
		if groupsOf[account] == nil {
			order = append(order, account)
		}
		groupsOf[account] = append(groupsOf[account], group)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	type set struct {
		account  string // the first account holding it
		accounts int
	}
	sets := map[string]*set{}
	var keys []string
	for _, account := range order {
		key := strings.Join(groupsOf[account], ",")
		if sets[key] == nil {
			sets[key] = &set{account: account}
			keys = append(keys, key)
		}
		sets[key].accounts++
	}
	sort.SliceStable(keys, func(i, j int) bool { return sets[keys[i]].accounts > sets[keys[j]].accounts })
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = sets[k].account
	}
	return out, nil
}
