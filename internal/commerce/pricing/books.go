package pricing

import (
	"context"
	"database/sql"
	"math/big"
	"sort"
	"strconv"

	"storefront/internal/platform/db"
)

// buyerBooks are the price books one buyer's prices come from in one store (see Prices): the active books of the
// buyer's groups, each with its best priority, and a guest's own book; the store's standard book when it is active,
// for list prices; and the store's currency. They are kept per store and account while the catalog version holds,
// so that pricing a page of products never seen before is one query on pricebookentry's (book, product) index.
type buyerBooks struct {
	currency string
	priority map[string]int64 // the buyer's active books
	standard string           // "" when the store has none, or it is inactive
	ids      []string         // the books the entries come from (priority's and standard), sorted
	// scope names everything a price depends on besides the product (the store, its currency, the books and their
	// priorities, the standard book), so that buyers whose groups share books share the prices kept in memory: a
	// product priced for one account of a buyer group is priced for all of them.
	scope string
}

// booksOf reads the buyer's books with one query (none when kept): the store's row, with a row per book.
func booksOf(ctx context.Context, q Querier, storeID, accountID string) (*buyerBooks, error) {
	return perAccount(ctx, q, &booksKey, "buyer_books", storeID, accountID, func(ctx context.Context) (*buyerBooks, error) {
		groups, args := buyerGroupsSQL(storeID, accountID)
		books := `SELECT gp.pricebook2id AS bookid, MIN(COALESCE(gp.priority, 1)) AS priority FROM buyergrouppricebook gp
			WHERE gp.isactive AND gp.buyergroupid IN (` + groups + `) GROUP BY gp.pricebook2id`
		if accountID == "" {
			books += ` UNION ALL SELECT g.guestpricebookid, 0 FROM webstore g WHERE g.id = ? AND g.guestpricebookid <> ''`
			args = append(args, storeID)
		}
		rows, err := q.Query(ctx, `SELECT ws.defaultcurrency, std.id, b.bookid, b.priority
			FROM webstore ws
			LEFT JOIN pricebook2 std ON std.id = ws.standardpricebookid AND std.isactive
			LEFT JOIN (SELECT x.bookid, x.priority FROM (`+books+`) x
				JOIN pricebook2 pb ON pb.id = x.bookid AND pb.isactive) b ON 1 = 1
			WHERE ws.id = ?`, append(args, storeID)...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var out *buyerBooks
		for rows.Next() {
			var currency, standard, book sql.NullString
			var priority sql.NullInt64
			if err := rows.Scan(&currency, &standard, &book, &priority); err != nil {
				return nil, err
			}
			if out == nil {
				out = &buyerBooks{currency: currency.String, standard: standard.String, priority: map[string]int64{}}
				if out.currency == "" {
					out.currency = "USD" // the WebStore metadata's default
				}
			}
			if p, seen := out.priority[book.String]; book.Valid && (!seen || priority.Int64 < p) {
				out.priority[book.String] = priority.Int64
			}
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if out == nil {
			return nil, ErrStoreNotFound
		}
		for id := range out.priority {
			out.ids = append(out.ids, id)
		}
		if _, both := out.priority[out.standard]; out.standard != "" && !both {
			out.ids = append(out.ids, out.standard)
		}
		sort.Strings(out.ids) // one statement text per set of books
		out.scope = storeID + "\x00" + out.currency + "\x00" + out.standard
		for _, id := range out.ids {
			out.scope += "\x00" + id + ":" + strconv.FormatInt(out.priority[id], 10)
		}
		return out, nil
	})
}

var booksKey int

// entries reads, in one query, the products' active entries in the buyer's books (candidates, with the book's
// priority) and in the standard book (list rows). A book that is both gives both.
func (b *buyerBooks) entries(ctx context.Context, q Querier, ids []string) ([]entry, error) {
	if len(b.ids) == 0 {
		return nil, nil
	}
	statement, args := entriesSQL(b.ids, ids)
	rows, err := q.Query(ctx, statement, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []entry
	for rows.Next() {
		var e entry
		var cents int64 // currency columns hold whole cents (records stores decimals scaled)
		var schedule sql.NullString
		if err := rows.Scan(&e.id, &e.bookID, &e.productID, &cents, &schedule); err != nil {
			return nil, err
		}
		e.amount, e.scheduleID = big.NewRat(cents, 100), schedule.String
		if e.bookID == b.standard {
			list := e
			list.list = true
			out = append(out, list)
		}
		if p, ok := b.priority[e.bookID]; ok {
			e.priority = p
			out = append(out, e)
		}
	}
	return out, rows.Err()
}

// entriesSQL selects the active entries of the products in the books, from the index Install makes alone.
func entriesSQL(books, products []string) (string, []any) {
	inBooks, args := db.InList(books)
	inProducts, productArgs := db.InList(products)
	return `SELECT e.id, e.pricebook2id, e.product2id, e.unitprice, e.priceadjustmentscheduleid
		FROM pricebookentry e WHERE e.isactive AND e.pricebook2id IN (` + inBooks + `) AND e.product2id IN (` + inProducts + `)`,
		append(args, productArgs...)
}
