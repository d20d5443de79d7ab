package search

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"storefront/internal/commerce/catalog"
	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Results is the Product Search Results response.
type Results struct {
	Categories   SearchCategory `json:"categories"`
	Facets       []Facet        `json:"facets"`
	Locale       string         `json:"locale"`
	ProductsPage ProductsPage   `json:"productsPage"`

	stale bool // answered from the snapshot before the latest writes, while it reloads (see waitedReload)
}

// SearchCategory is the searched category (null for a whole-catalogue search) with its child categories that hold
// results, each with its own count. Children are one level deep, as the API documents.
type SearchCategory struct {
	Category     *CategoryRef     `json:"category"`
	Children     []SearchCategory `json:"children"`
	ProductCount int              `json:"productCount"`
}

// CategoryRef names a category.
type CategoryRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ProductsPage is the page of products.
type ProductsPage struct {
	CurrencyIsoCode string           `json:"currencyIsoCode"`
	PageSize        int              `json:"pageSize"`
	Products        []ProductSummary `json:"products"`
	Total           int              `json:"total"`
}

// ProductSummary is one product of the page. Search field values are wrapped ({"value": ...}), unlike product
// detail's plain strings.
type ProductSummary struct {
	DefaultImage          Image                  `json:"defaultImage"`
	Fields                map[string]FieldValue  `json:"fields"`
	ID                    string                 `json:"id"`
	Name                  string                 `json:"name"`
	Prices                *Prices                `json:"prices"`
	ProductClass          string                 `json:"productClass"`
	PurchaseQuantityRule  *PurchaseQuantityRule  `json:"purchaseQuantityRule"`
	URLName               *string                `json:"urlName"`
	VariationAttributeSet map[string]interface{} `json:"variationAttributeSet"`

	card *cardJSON // the encoding of the members above but Prices and PurchaseQuantityRule, once they are final
}

// FieldValue is a search result field.
type FieldValue struct {
	Value *string `json:"value"`
}

// Image is a Product Media output.
type Image struct {
	AlternateText    *string `json:"alternateText"`
	ContentVersionID *string `json:"contentVersionId"`
	ID               *string `json:"id"`
	MediaType        string  `json:"mediaType"`
	SortOrder        int     `json:"sortOrder"`
	ThumbnailURL     *string `json:"thumbnailUrl"`
	Title            string  `json:"title"`
	URL              string  `json:"url"`
}

// defaultImageURL is the placeholder of a product without an image, as the real API sends it.
const defaultImageURL = "/img/b2b/default-product-image.svg"

func placeholderImage() Image {
	return Image{MediaType: "Image", Title: "image", URL: defaultImageURL, AlternateText: ptr("")}
}

// Prices is a product's price for the buyer: money as strings.
type Prices struct {
	CurrencyIsoCode  string  `json:"currencyIsoCode"`
	ListPrice        *string `json:"listPrice"`
	PricebookEntryID string  `json:"pricebookEntryId"`
	ProductID        string  `json:"productId"`
	UnitPrice        string  `json:"unitPrice"`
}

// PurchaseQuantityRule is the minimum, maximum and step of a cart line, as strings.
type PurchaseQuantityRule struct {
	Increment *string `json:"increment"`
	Maximum   *string `json:"maximum"`
	Minimum   *string `json:"minimum"`
}

// defaultFields are returned when the request names none (the API's documented default).
var defaultFields = []string{"Name", "Description", "StockKeepingUnit", "ProductCode", "Family"}

// pageRequest is what the page of products is built from.
type pageRequest struct {
	storeID, accountID         string
	ids                        []string
	docs                       []*doc          // the same products in snap
	snap                       *snapshot       // its cards hold the page's fields, when they do
	priceShown                 map[string]bool // the ids whose price the buyer's entitlement shows
	fields                     []string
	includePrices, includeRule bool
}

// loadPage builds the summaries of one page of products, in the order of ids: from the snapshot's cards when they
// hold the requested fields, else with a fixed number of queries; prices with one query at most.
func loadPage(ctx context.Context, d *db.DB, product *records.Object, req pageRequest) ([]ProductSummary, error) {
	out := make([]ProductSummary, 0, len(req.ids))
	if len(req.ids) == 0 {
		return out, nil
	}
	byID, err := summaries(ctx, d, resolveFields(product, req.fields), req)
	if err != nil {
		return nil, err
	}
	if req.includePrices {
		if err := addPrices(ctx, d, byID, req); err != nil {
			return nil, err
		}
	}
	for _, id := range req.ids {
		s := byID[id]
		if s == nil { // deleted between the two reads
			continue
		}
		if !req.includeRule {
			s.PurchaseQuantityRule = nil
		}
		out = append(out, *s)
	}
	return out, nil
}

// summaries returns the page's summaries without prices (fields and default image), each a copy the caller may
// change in its prices and rule. They derive from rows of the catalog domain and the metadata only, so they are
// kept in memory, encoded, per product and field list while the catalog version holds: a page of products shown
// before is neither read nor encoded again. The others come from the snapshot's cards when these hold the fields,
// else from the database.
func summaries(ctx context.Context, d *db.DB, fields []*records.Field, req pageRequest) (map[string]*ProductSummary, error) {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.APIName
	}
	fieldList, metadata := strings.Join(names, ","), d.Version(db.Metadata)
	fill := summariesOf(d).Begin()
	out := make(map[string]*ProductSummary, len(req.ids))
	var missing []string
	for _, id := range req.ids {
		if s, ok := fill.Lookup(summaryKey{id, fieldList, metadata, req.snap.version}); ok {
			out[id] = &s
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	var loaded map[string]*ProductSummary
	if columns, kept := fieldColumns(fields); kept {
		loaded = make(map[string]*ProductSummary, len(missing))
		for _, x := range req.docs {
			if out[x.id] == nil {
				loaded[x.id] = req.snap.cards.summary(x.card, x.id, fields, columns)
			}
		}
	} else {
		var err error
		if loaded, err = loadSummaries(ctx, d, fields, missing); err != nil {
			return nil, err
		}
		if err := loadImages(ctx, d, loaded, missing); err != nil {
			return nil, err
		}
	}
	for id, s := range loaded {
		s.encodeCard()
		fill.StoreWeighing(summaryKey{id, fieldList, metadata, req.snap.version}, *s, int64(len(s.card.bytes)))
		out[id] = s
	}
	return out, nil
}

// summaryKey names one kept summary: a product with a list of fields, at a metadata version, from a snapshot's
// cards (an older snapshot than the catalog's while a reload runs: see waitedReload).
type summaryKey struct {
	product, fields    string
	metadata, snapshot int64
}

// summariesLimit bounds the bytes of the summaries kept per catalog version (their encodings, about 700 bytes each
// in the demo store): tens of thousands of products shown in a few field lists.
const summariesLimit = 64 << 20

func summariesOf(d *db.DB) *db.Cache[summaryKey, ProductSummary] {
	return db.Shared(d, &summariesKey, func() *db.Cache[summaryKey, ProductSummary] {
		return db.NewCache[summaryKey, ProductSummary](d, "search_summaries", db.Catalog, summariesLimit)
	})
}

var summariesKey int

// resolveFields maps requested field names (any case) to Product2 fields stored in columns; unknown names are left
// out, as the API returns only the fields that exist and are accessible.
func resolveFields(product *records.Object, names []string) []*records.Field {
	if len(names) == 0 {
		names = defaultFields
	}
	var out []*records.Field
	seen := map[string]bool{}
	for _, n := range names {
		f := product.Field(strings.TrimSpace(n))
		if f == nil || !f.HasColumn() || seen[f.APIName] {
			continue
		}
		seen[f.APIName] = true
		out = append(out, f)
	}
	return out
}

// loadSummaries reads the products' own columns and the requested fields.
func loadSummaries(ctx context.Context, d *db.DB, fields []*records.Field, ids []string) (map[string]*ProductSummary, error) {
	cols := []string{"p.id", "COALESCE(p.name, '')", "COALESCE(p.productclass, 'Simple')", "p.urlname",
		"p.purchasequantityminimum", "p.purchasequantitymaximum", "p.purchasequantityincrement"}
	for _, f := range fields {
		cols = append(cols, "p."+db.Ident(f.Column()))
	}
	in, args := db.InList(ids)
	rows, err := d.Query(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM product2 p WHERE p.id IN (`+in+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*ProductSummary{}
	for rows.Next() {
		raw := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range raw {
			ptrs[i] = &raw[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		s := &ProductSummary{ID: text(raw[0]), Name: text(raw[1]), ProductClass: text(raw[2]), URLName: nullableText(raw[3]),
			Fields: map[string]FieldValue{}}
		s.PurchaseQuantityRule = quantityRule(raw[4], raw[5], raw[6])
		for i, f := range fields {
			s.Fields[f.APIName] = FieldValue{Value: records.ProductFieldText(f, raw[7+i])}
		}
		out[s.ID] = s
	}
	return out, rows.Err()
}

// quantityRule is nil when the product has no rule at all; a missing bound is null.
func quantityRule(min, max, inc any) *PurchaseQuantityRule {
	r := &PurchaseQuantityRule{Minimum: nullableText(min), Maximum: nullableText(max), Increment: nullableText(inc)}
	if r.Minimum == nil && r.Maximum == nil && r.Increment == nil {
		return nil
	}
	return r
}

// loadImages sets each product's default image: its first list image, else its first detail image, else the
// placeholder.
func loadImages(ctx context.Context, d *db.DB, byID map[string]*ProductSummary, ids []string) error {
	for _, s := range byID {
		s.DefaultImage = placeholderImage()
	}
	images, err := catalog.ListImages(ctx, d, ids)
	if err != nil {
		return err
	}
	for product, li := range images {
		if s := byID[product]; s != nil {
			s.DefaultImage = Image{AlternateText: li.AltText, ID: ptr(li.ContentID), MediaType: "Image",
				SortOrder: li.SortOrder, Title: li.Title, URL: li.URL}
		}
	}
	return nil
}

// addPrices prices the page in one query. A product whose entitlement hides its price, or that has no price in the
// buyer's books, gets "prices": null.
func addPrices(ctx context.Context, d *db.DB, byID map[string]*ProductSummary, req pageRequest) error {
	var visible []string
	for _, id := range req.ids {
		if req.priceShown[id] {
			visible = append(visible, id)
		}
	}
	prices, err := pricing.ListingPrices(ctx, d, req.storeID, req.accountID, visible)
	if err != nil {
		return err
	}
	for id, p := range prices {
		s := byID[id]
		if s == nil {
			continue
		}
		out := &Prices{CurrencyIsoCode: p.CurrencyIsoCode, PricebookEntryID: p.PricebookEntryID, ProductID: id,
			UnitPrice: p.UnitPrice}
		if p.ListPrice != "" {
			out.ListPrice = ptr(p.ListPrice)
		}
		s.Prices = out
	}
	return nil
}

// text renders a column value as a string ("" for NULL).
func text(v any) string {
	if s := nullableText(v); s != nil {
		return *s
	}
	return ""
}

func nullableText(v any) *string {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return &x
	case []byte:
		s := string(x)
		return &s
	case int64:
		s := strconv.FormatInt(x, 10)
		return &s
	case float64:
		s := strconv.FormatFloat(x, 'f', -1, 64)
		return &s
	case bool:
		s := strconv.FormatBool(x)
		return &s
	default:
		s := fmt.Sprint(x)
		return &s
	}
}

func ptr(s string) *string { return &s }
