package catalog

import (
	"context"
	"database/sql"
	"net/http"
	"slices"
	"unicode/utf8"

	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// GET products?skus=A,B,C or GET products?ids=01t...,01t... is Commerce Webstore Products (API 54.0+): the fields and
// default image of a list of products, answered as a Product Overview Collection {products, total}. The quick order
// page turns the SKUs a buyer types into product ids with it.
//
// What the reference says, and what we decided where it says nothing:
//   - ids or skus is required, never both: either mistake is 400 INVALID_API_INPUT.
//   - Prices were part of the answer up to v57; from v58 the call never returns them (Commerce Webstore Pricing
//     Products does), so an entry has no prices member. excludePrices is accepted and changes nothing.
//   - The reference names no maximum. We take at most maxOverviewProducts values (a cart batch's size, and the quick
//     order page's chunk); more is 400, like every other list parameter. Blank values are dropped and repeated ones
//     answered once, so total (the number of entries in products, found or not) can be below the values sent.
//   - Each distinct value gets one entry, in the order asked: success true with id, sku, fields and defaultImage, or
//     success false with an error and fields null. An unknown, inactive or unentitled product is the same
//     ITEM_NOT_FOUND, worded the same, so a buyer never learns that a product outside their entitlement exists; a
//     value of ids that cannot be an id is INVALID_ID_FIELD for its entry alone.
//   - SKU matching is case-insensitive. The reference is silent, but Salesforce compares text without regard to case
//     (SOQL filters, and Product2.StockKeepingUnit is an idLookup field), and buyers type SKUs in any case: "pen-000001"
//     finds PEN-000001. The fold is ASCII-only and the same on both databases (SQLite's lower(); PostgreSQL's lower()
//     under the C collation leaves other letters alone too), and the folded SKU is indexed (Install). Our SKU unique
//     index is case-sensitive, so two products may differ only in case: the one spelt exactly as asked wins, else the
//     lowest id.
//   - A value holding a control character (NUL included) or invalid UTF-8 is no SKU or id anyone could have: 400.
//
// The answer costs a fixed number of statements whatever the number of values: one for the products with their
// fields and entitlement, one for the default images of those found.

// maxOverviewProducts bounds ids and skus.
const maxOverviewProducts = 100

// maxSKULength is Product2.StockKeepingUnit's length: a longer value cannot match, and is refused as malformed.
const maxSKULength = 180

// overviewCollection is the Product Overview Collection.
type overviewCollection struct {
	Products []productOverview `json:"products"`
	Total    int               `json:"total"`
}

// productOverview is a Product Overview: one product, or why the value asked for has none.
type productOverview struct {
	DefaultImage *mediaItem         `json:"defaultImage"`
	Error        *httpx.ErrorItem   `json:"error"`
	Fields       map[string]*string `json:"fields"`
	ID           *string            `json:"id"`
	SKU          *string            `json:"sku"`
	Success      bool               `json:"success"`
}

// overviewRequest is the call's parsed parameters.
type overviewRequest struct {
	bySKU         bool
	values        []string // distinct, in the order asked
	fields        []string
	excludeFields bool
	excludeMedia  bool
}

func parseOverviewRequest(r *http.Request) (*overviewRequest, error) {
	q := r.URL.Query()
	ids, err := listParam(q, "ids", maxOverviewProducts, 255)
	if err != nil {
		return nil, err
	}
	skus, err := listParam(q, "skus", maxOverviewProducts, maxSKULength)
	if err != nil {
		return nil, err
	}
	switch {
	case len(ids) > 0 && len(skus) > 0:
		return nil, invalidInput("Specify either ids or skus, not both.")
	case len(ids) == 0 && len(skus) == 0:
		return nil, invalidInput("The ids or the skus parameter is required: a comma-separated list of up to %d values.",
			maxOverviewProducts)
	}
	req := &overviewRequest{bySKU: len(skus) > 0, values: ids}
	name := "ids"
	if req.bySKU {
		req.values, name = skus, "skus"
	}
	for _, v := range req.values {
		if !plainText(v) {
			return nil, invalidInput("The %s parameter holds a control character or invalid UTF-8.", name)
		}
	}
	req.values = distinct(req.values)
	if req.fields, err = listParam(q, "fields", maxFields, 255); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		dst  *bool
	}{{"excludeFields", &req.excludeFields}, {"excludeMedia", &req.excludeMedia}, {"excludePrices", new(bool)}} {
		if *f.dst, err = boolParam(q, f.name); err != nil {
			return nil, err
		}
	}
	return req, nil
}

// plainText reports valid UTF-8 without control characters (C0, DEL, C1).
func plainText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return false
		}
	}
	return true
}

func distinct(values []string) []string {
	seen := make(map[string]bool, len(values))
	out := values[:0:0]
	for _, v := range values {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// GetProducts is GET products?ids=...|skus=...
func (h *Handlers) GetProducts(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	req, err := parseOverviewRequest(r)
	if err != nil {
		return err
	}
	obj, err := h.object(ctx, "Product2")
	if err != nil {
		return err
	}
	fields, _, err := selectFields(obj, req.fields)
	if err != nil {
		return err
	}
	out, err := overviews(ctx, h.DB, h.DB.Dialect, s, req, fields)
	if err != nil {
		return err
	}
	writeJSON(w, perCaller, out)
	return nil
}

// overviewRow is a product found for the request: visible to the shopper.
type overviewRow struct {
	id     string
	sku    *string
	fields []*string
}

// overviews answers a parsed request for the shopper: the products in one statement, their images in another.
func overviews(ctx context.Context, q db.Querier, dialect db.Dialect, s *storecontext.Shopper, req *overviewRequest,
	fields []*records.Field) (*overviewCollection, error) {
	// Keys: normalised ids, or folded SKUs; a malformed id has none and fails alone.
	keys := make([]string, len(req.values))
	var lookup []string
	for i, v := range req.values {
		if req.bySKU {
			keys[i] = foldSKU(v)
		} else if id, ok := normalizeID(v); ok {
			keys[i] = id
		}
		if keys[i] != "" {
			lookup = append(lookup, keys[i])
		}
	}
	rows, err := loadOverviewRows(ctx, q, dialect, s, req.bySKU, distinct(lookup), fields)
	if err != nil {
		return nil, err
	}
	byKey := map[string][]*overviewRow{}
	for _, row := range rows {
		k := row.id
		if req.bySKU && row.sku != nil {
			k = foldSKU(*row.sku)
		}
		byKey[k] = append(byKey[k], row)
	}

	out := &overviewCollection{Products: make([]productOverview, len(req.values)), Total: len(req.values)}
	found := map[string]bool{}
	var foundIDs []string
	for i, v := range req.values {
		entry := &out.Products[i]
		row := pick(byKey[keys[i]], v, req.bySKU)
		switch {
		case row != nil:
			entry.Success, entry.ID, entry.SKU, entry.Fields = true, &row.id, row.sku, map[string]*string{}
			if !req.excludeFields {
				for j, f := range fields {
					entry.Fields[f.APIName] = row.fields[j]
				}
			}
			if !found[row.id] {
				found[row.id] = true
				foundIDs = append(foundIDs, row.id)
			}
		case req.bySKU:
			entry.SKU = &req.values[i]
			entry.Error = &httpx.ErrorItem{ErrorCode: "ITEM_NOT_FOUND",
				Message: sprintf("No product with SKU %q exists or is available to this account.", httpx.Clip(v))}
		case keys[i] == "":
			entry.ID = &req.values[i]
			entry.Error = &httpx.ErrorItem{ErrorCode: "INVALID_ID_FIELD", Message: sprintf("%q is not a valid id.", httpx.Clip(v))}
		default:
			entry.ID = &keys[i]
			entry.Error = &httpx.ErrorItem{ErrorCode: "ITEM_NOT_FOUND",
				Message: sprintf("The product %s doesn't exist or isn't available to this account.", keys[i])}
		}
	}
	if req.excludeMedia || len(foundIDs) == 0 {
		return out, nil
	}
	images, err := defaultImages(ctx, q, foundIDs)
	if err != nil {
		return nil, err
	}
	for i := range out.Products {
		if p := &out.Products[i]; p.Success {
			p.DefaultImage = images[*p.ID]
		}
	}
	return out, nil
}

// pick chooses among the products found for one value: by id there is one; by SKU the exact spelling wins, else
// the lowest id (rows arrive ordered by id).
func pick(rows []*overviewRow, asked string, bySKU bool) *overviewRow {
	if len(rows) == 0 {
		return nil
	}
	if bySKU {
		if i := slices.IndexFunc(rows, func(r *overviewRow) bool { return r.sku != nil && *r.sku == asked }); i >= 0 {
			return rows[i]
		}
	}
	return rows[0]
}

// foldSKU lower-cases ASCII letters only, as the SQL side of skuKeySQL does on both databases.
func foldSKU(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// skuKeySQL is the folded SKU of product2 aliased p: the expression the index of Install covers, written the same.
func skuKeySQL(dialect db.Dialect) string {
	if dialect == db.Postgres {
		return `LOWER(p.stockkeepingunit COLLATE "C")`
	}
	return `LOWER(p.stockkeepingunit)`
}

// loadOverviewRows reads the active products the shopper may see among keys (ids, or folded SKUs), with their
// fields, in one statement.
func loadOverviewRows(ctx context.Context, q db.Querier, dialect db.Dialect, s *storecontext.Shopper, bySKU bool,
	keys []string, fields []*records.Field) ([]*overviewRow, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	key := "p.id"
	if bySKU {
		key = skuKeySQL(dialect)
	}
	in, args := db.InList(keys)
	pred, predArgs := pricing.EntitledFilter("p", s.Store.ID, s.AccountID)
	cols := ""
	if len(fields) > 0 {
		cols = ", " + columnList("p", fields)
	}
	rows, err := q.Query(ctx, `SELECT p.id, p.stockkeepingunit`+cols+` FROM product2 p WHERE `+key+` IN (`+in+`) AND `+
		pred+` ORDER BY p.id`, append(args, predArgs...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*overviewRow
	for rows.Next() {
		var id string
		var sku sql.NullString
		raw := make([]any, len(fields))
		dest := []any{&id, &sku}
		for i := range raw {
			dest = append(dest, &raw[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		row := &overviewRow{id: id, fields: make([]*string, len(fields))}
		if sku.Valid {
			row.sku = &sku.String
		}
		for i, f := range fields {
			row.fields[i] = records.ProductFieldText(f, raw[i])
		}
		out = append(out, row)
	}
	return out, rows.Err()
}

// defaultImages is each product's list image (ListImages) as a Product Media.
func defaultImages(ctx context.Context, q db.Querier, ids []string) (map[string]*mediaItem, error) {
	images, err := ListImages(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*mediaItem, len(images))
	for product, li := range images {
		id, url := li.MediaID, li.URL
		item := &mediaItem{ID: &id, MediaType: "Image", SortOrder: int64(li.SortOrder), Title: li.Title, URL: url,
			ThumbnailURL: &url}
		if li.AltText != nil && *li.AltText != "" {
			item.AlternateText, item.AlternativeText = li.AltText, li.AltText
		}
		out[product] = item
	}
	return out, nil
}

// Install creates what the catalog calls need beyond the records schema: the index on the folded SKU. It runs at
// every start after the records schema exists, and costs nothing when the index is there.
func Install(ctx context.Context, d *db.DB) error {
	expr := `LOWER(stockkeepingunit)`
	if d.Dialect == db.Postgres {
		expr = `LOWER(stockkeepingunit COLLATE "C")`
	}
	_, err := d.Exec(ctx, `CREATE INDEX IF NOT EXISTS product2_sku_folded ON product2 (`+expr+`)`)
	return err
}
