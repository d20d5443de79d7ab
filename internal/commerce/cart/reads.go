package cart

import (
	"context"
	"database/sql"
	"strings"

	"storefront/internal/commerce/catalog"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Reads of a cart's lines: a page (or a given set) of lines with their products and thumbnails, in a fixed number
// of queries however many lines.

// sortOrders are the cart-items sort values and their ORDER BY (the default is CreatedDateDesc); the id breaks ties.
var sortOrders = map[string]string{
	"CreatedDateDesc": "i.linenumber DESC, i.id DESC", "CreatedDateAsc": "i.linenumber, i.id",
	"NameAsc": "i.name, i.id", "NameDesc": "i.name DESC, i.id DESC",
	"SalesPriceAsc": "i.salesprice, i.id", "SalesPriceDesc": "i.salesprice DESC, i.id DESC",
}

const itemColumns = `i.id, i.product2id, i.name, i.sku, i.quantity, i.type, i.salesprice, i.listprice, i.totalprice,
	i.totallistprice, i.itemizedadjustmentamount, i.distributedadjustmentamount, i.totaladjustmentamount,
	i.totalamount, i.unitadjustedprice, i.totaltax`

// itemQuery selects lines of the cart matching cond (over alias i), in order, with limit and offset (limit 0: all).
type itemQuery struct {
	cond          string
	args          []any
	order         string
	limit, offset int
	productFields []*records.Field
}

// SortOrder reports whether sort is one of the cart-items sort values (CreatedDateDesc, CreatedDateAsc, NameAsc,
// NameDesc, SalesPriceAsc, SalesPriceDesc).
func SortOrder(sort string) bool {
	_, ok := sortOrders[sort]
	return ok
}

// ItemsPage reads a page of the cart's lines (size lines from page number 1, in the sort order), with the given
// product fields, and how many lines the cart has in all.
func (s *Service) ItemsPage(ctx context.Context, c *Cart, sort string, number, size int, fields []*records.Field) ([]*Item, int, error) {
	var count int
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cartitem WHERE cartid = ?`, c.ID).Scan(&count); err != nil {
		return nil, 0, err
	}
	items, err := s.loadItems(ctx, s.DB, c, itemQuery{order: sortOrders[sort], limit: size, offset: (number - 1) * size,
		productFields: fields})
	return items, count, err
}

// Line reads one line of the cart as it is now; a line not in the cart is 404. A cart an add answered with carries
// its lines' rows as the add stored them (kept.go), and the line is answered from its row: the add's own write,
// not read back.
func (s *Service) Line(ctx context.Context, c *Cart, lineID string) (*Item, error) {
	if row := c.storedLine(lineID); row != nil {
		items := []*Item{itemFromRow(row, c)}
		return items[0], s.complete(ctx, s.DB, items, nil)
	}
	items, err := s.loadItems(ctx, s.DB, c, itemQuery{cond: "i.id = ?", args: []any{lineID}})
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, itemNotFound(lineID)
	}
	return items[0], nil
}

// Lines reads the cart's lines with the given ids, by id.
func (s *Service) Lines(ctx context.Context, c *Cart, ids []string) (map[string]*Item, error) {
	byID := map[string]*Item{}
	if len(ids) == 0 {
		return byID, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	items, err := s.loadItems(ctx, s.DB, c, itemQuery{cond: "i.id IN (" + marks + ")", args: args})
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		byID[it.CartItemID] = it
	}
	return byID, nil
}

// Products are the products of the cart's product lines, in line order, with their quantity rules.
func (s *Service) Products(ctx context.Context, c *Cart) ([]ProductDetails, error) {
	items, err := s.loadItems(ctx, s.DB, c, itemQuery{cond: "i.type = 'Product'", order: "i.linenumber, i.id"})
	if err != nil {
		return nil, err
	}
	out := []ProductDetails{}
	for _, it := range items {
		out = append(out, it.ProductDetails)
	}
	return out, nil
}

func (s *Service) loadItems(ctx context.Context, q db.Querier, c *Cart, iq itemQuery) ([]*Item, error) {
	query := `SELECT ` + itemColumns + ` FROM cartitem i WHERE i.cartid = ?`
	args := []any{c.ID}
	if iq.cond != "" {
		query += " AND " + iq.cond
		args = append(args, iq.args...)
	}
	query += " ORDER BY " + orElse(iq.order, sortOrders["CreatedDateDesc"])
	if iq.limit > 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, iq.limit, iq.offset)
	}
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Item
	for rows.Next() {
		it, err := scanItem(rows, c)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, s.complete(ctx, q, out, iq.productFields)
}

// complete adds to lines read what they show of their products: details, thumbnail and the fields asked for.
func (s *Service) complete(ctx context.Context, q db.Querier, items []*Item, productFields []*records.Field) error {
	if err := addProductFacts(ctx, q, items); err != nil {
		return err
	}
	if err := addThumbnails(ctx, q, items); err != nil {
		return err
	}
	return addProductFields(ctx, q, items, productFields)
}

// itemRow is a line as itemColumns read it: amounts in cents.
type itemRow struct {
	id, name, typ                                                       string
	product, sku                                                        sql.NullString
	qty                                                                 int64
	sales, list, total, totalList, itemized, distributed, totalAdj, amt sql.NullInt64
	unit, tax                                                           sql.NullInt64
}

func scanItem(rows *sql.Rows, c *Cart) (*Item, error) {
	var r itemRow
	if err := rows.Scan(&r.id, &r.product, &r.name, &r.sku, &r.qty, &r.typ, &r.sales, &r.list, &r.total, &r.totalList,
		&r.itemized, &r.distributed, &r.totalAdj, &r.amt, &r.unit, &r.tax); err != nil {
		return nil, err
	}
	return r.item(c), nil
}

// itemFromRow is the line as scanItem reads it, from its row as the engine stored it (Record.Values hold amounts as
// two-place text, which the columns hold as cents).
func itemFromRow(rec *records.Record, c *Cart) *Item {
	text := func(name string) sql.NullString {
		s, ok := rec.Get(name).(string)
		return sql.NullString{String: s, Valid: ok}
	}
	cents := func(name string) sql.NullInt64 {
		s, ok := rec.Get(name).(string)
		n, _ := records.ParseScaled(s, 2)
		return sql.NullInt64{Int64: n, Valid: ok}
	}
	r := itemRow{id: rec.ID, name: rec.String("Name"), typ: rec.String("Type"), product: text("Product2Id"),
		sku: text("Sku"), sales: cents("SalesPrice"), list: cents("ListPrice"), total: cents("TotalPrice"),
		totalList: cents("TotalListPrice"), itemized: cents("ItemizedAdjustmentAmount"),
		distributed: cents("DistributedAdjustmentAmount"), totalAdj: cents("TotalAdjustmentAmount"),
		amt: cents("TotalAmount"), unit: cents("UnitAdjustedPrice"), tax: cents("TotalTax")}
	r.qty, _ = rec.Get("Quantity").(int64)
	return r.item(c)
}

func (r *itemRow) item(c *Cart) *Item {
	it := Item{CartItemID: r.id, Name: r.name, Type: r.typ}
	it.CartID, it.CurrencyIsoCode, it.MessagesSummary = c.ID, orElse(c.Currency, "USD"), noMessages()
	it.ProductID, it.Quantity = optional(r.product.String), itoa(r.qty)
	it.SalesPrice, it.TotalPrice, it.TotalListPrice = amount(r.sales.Int64), amount(r.total.Int64), amount(r.totalList.Int64)
	it.ItemizedAdjustmentAmount, it.DistributedAdjustmentAmount = amount(r.itemized.Int64), amount(r.distributed.Int64)
	it.TotalAdjustmentAmount, it.TotalAmount, it.TotalTax = amount(r.totalAdj.Int64), amount(r.amt.Int64), amount(r.tax.Int64)
	it.UnitAdjustedPrice = amount(r.unit.Int64)
	it.UnitAdjustmentAmount = amount(r.unit.Int64 - r.sales.Int64)
	if r.list.Valid {
		l := amount(r.list.Int64)
		it.ListPrice = &l
	}
	it.ProductClass = "Simple"
	it.ProductDetails = ProductDetails{Fields: map[string]*string{}, Name: it.Name, ProductID: it.ProductID, Sku: r.sku.String}
	return &it
}

// productFacts are what a cart line shows of its product: name, SKU, class and quantity rule.
type productFacts struct {
	name, sku, class string
	min, max, inc    sql.NullInt64
}

var productFactsKey int

// productFactsLimit bounds the products whose facts are kept per catalog version: every product of a large
// catalogue.
const productFactsLimit = 500_000

// addProductFacts sets each line's product details from its product: rows of the catalog domain, kept in memory
// per product while its version holds (db.Remembered), so a cart page reads only its own lines. A line whose
// product is gone keeps the name and SKU it was added with.
func addProductFacts(ctx context.Context, q db.Querier, items []*Item) error {
	ids := make([]string, 0, len(items))
	for _, it := range items {
		if it.ProductID != nil {
			ids = append(ids, *it.ProductID)
		}
	}
	facts, err := db.Remembered(ctx, q, &productFactsKey, "cart_product_facts", db.Catalog, productFactsLimit, "", ids,
		loadProductFacts)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.ProductID == nil {
			continue
		}
		f, ok := facts[*it.ProductID]
		if !ok {
			continue
		}
		it.ProductClass = orElse(f.class, "Simple")
		it.ProductDetails.Name, it.ProductDetails.Sku = orElse(f.name, it.Name), orElse(f.sku, it.ProductDetails.Sku)
		if f.min.Valid || f.max.Valid || f.inc.Valid {
			it.ProductDetails.PurchaseQuantityRule = &QuantityRule{Minimum: itoa(max64(f.min.Int64, 1)),
				Maximum: itoa(f.max.Int64), Increment: itoa(max64(f.inc.Int64, 1))}
			if !f.max.Valid {
				it.ProductDetails.PurchaseQuantityRule.Maximum = ""
			}
		}
	}
	return nil
}

func loadProductFacts(ctx context.Context, q db.Querier, ids []string) (map[string]productFacts, error) {
	out := make(map[string]productFacts, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	in, args := db.InList(ids)
	rows, err := q.Query(ctx, `SELECT id, COALESCE(name, ''), COALESCE(stockkeepingunit, ''), COALESCE(productclass, ''),
		purchasequantityminimum, purchasequantitymaximum, purchasequantityincrement FROM product2 WHERE id IN (`+in+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var f productFacts
		if err := rows.Scan(&id, &f.name, &f.sku, &f.class, &f.min, &f.max, &f.inc); err != nil {
			return nil, err
		}
		out[id] = f
	}
	return out, rows.Err()
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// addThumbnails sets each item's product's list image (the detail image when it has none).
func addThumbnails(ctx context.Context, q db.Querier, items []*Item) error {
	byProduct := map[string][]*Item{}
	var ids []string
	for _, it := range items {
		if it.ProductID != nil {
			if _, seen := byProduct[*it.ProductID]; !seen {
				ids = append(ids, *it.ProductID)
			}
			byProduct[*it.ProductID] = append(byProduct[*it.ProductID], it)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	images, err := catalog.ListImages(ctx, q, ids)
	if err != nil {
		return err
	}
	for product, li := range images {
		img := ImageOf(li)
		for _, it := range byProduct[product] {
			it.ProductDetails.ThumbnailImage = img
		}
	}
	return nil
}

// addProductFields fills productDetails.fields with the asked Product2 fields, as strings.
func addProductFields(ctx context.Context, q db.Querier, items []*Item, fields []*records.Field) error {
	if len(fields) == 0 {
		return nil
	}
	var ids []string
	for _, it := range items {
		if it.ProductID != nil {
			ids = append(ids, *it.ProductID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = db.Ident(f.Column())
	}
	in, args := db.InList(ids)
	rows, err := q.Query(ctx, `SELECT id, `+strings.Join(cols, ", ")+` FROM product2 WHERE id IN (`+in+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	values := map[string]map[string]*string{}
	for rows.Next() {
		raw := make([]any, len(fields)+1)
		ptrs := make([]any, len(raw))
		for i := range raw {
			ptrs[i] = &raw[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		id := records.WireText(&records.Field{Type: records.TypeID}, raw[0])
		m := map[string]*string{}
		for i, f := range fields {
			m[f.APIName] = records.ProductFieldText(f, raw[i+1])
		}
		if id != nil {
			values[*id] = m
		}
	}
	for _, it := range items {
		if it.ProductID != nil && values[*it.ProductID] != nil {
			it.ProductDetails.Fields = values[*it.ProductID]
		}
	}
	return rows.Err()
}

// ImageOf is a product's list image as the wire's Product Media: the thumbnail of a cart line or an ordered item.
func ImageOf(li catalog.ListImage) *Image {
	var alt *string
	if li.AltText != nil {
		alt = optional(*li.AltText)
	}
	return &Image{AlternateText: alt, ID: li.MediaID, MediaType: "Image", Title: li.Title, URL: li.URL}
}
