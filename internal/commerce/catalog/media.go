package catalog

import (
	"context"
	"database/sql"
	"strings"

	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// mediaItem is a Product Media (ProductMediaRepresentation) or, without thumbnailUrl, a Product Category Media.
// alternativeText repeats alternateText: the RAML names it alternateText, while the captured product-detail
// response the storefront's reference client was written against (examples/getproduct-response.json) reads
// alternativeText. Sending both serves either client.
type mediaItem struct {
	AlternateText    *string `json:"alternateText"`
	AlternativeText  *string `json:"alternativeText"`
	ContentVersionID *string `json:"contentVersionId"` // CMS content, not a ContentDocument: always null
	ID               *string `json:"id"`
	MediaType        string  `json:"mediaType"` // Image, Document or Video
	SortOrder        int64   `json:"sortOrder"`
	ThumbnailURL     *string `json:"thumbnailUrl,omitempty"`
	Title            string  `json:"title"`
	URL              string  `json:"url"`
}

// mediaGroup is a Product (or Product Category) Media Group.
type mediaGroup struct {
	DeveloperName string      `json:"developerName"`
	ID            string      `json:"id"`
	MediaItems    []mediaItem `json:"mediaItems"`
	Name          string      `json:"name"`
	UsageType     string      `json:"usageType"`
}

// groupDef is one of the fixed media groups (Salesforce's standard ElectronicMediaGroup records) and the
// ProductMedia / ProductCategoryMedia usage type it holds.
type groupDef struct {
	developerName, name, usageType, usage string
	id                                    string
}

// The media groups' ids are fixed, like the standard groups of an org.
var (
	productGroups = []groupDef{
		{"productDetailImage", "Product Detail Images", "Standard", "ProductDetailImage", records.StableID("2mg", 1)},
		{"productListImage", "Product List Image", "Listing", "ListImage", records.StableID("2mg", 2)},
		{"attachment", "Attachments", "Attachment", "Attachment", records.StableID("2mg", 3)},
	}
	categoryGroups = []groupDef{
		{"tileImage", "Tile Image", "Tile", "TileImage", records.StableID("2mg", 4)},
		{"bannerImage", "Banner Image", "Banner", "BannerImage", records.StableID("2mg", 5)},
	}
)

// mediaRow is one media link with its content.
type mediaRow struct {
	owner string // the record the media belongs to, when the query selects it (loadMediaOf)
	usage string
	item  mediaItem
}

// loadMedia reads the published media linked to a record: query selects (link id, usage type, sort order, title,
// alt text, url, mime type) ordered by sort order.
func loadMedia(ctx context.Context, q pricing.Querier, query string, thumbnails bool, args ...any) ([]mediaRow, error) {
	return queryMedia(ctx, q, query, false, thumbnails, args...)
}

// loadMediaOf reads the media of several records at once: query selects the owner record's id, then the columns
// loadMedia reads.
func loadMediaOf(ctx context.Context, q pricing.Querier, query string, thumbnails bool, args ...any) ([]mediaRow, error) {
	return queryMedia(ctx, q, query, true, thumbnails, args...)
}

func queryMedia(ctx context.Context, q pricing.Querier, query string, withOwner, thumbnails bool, args ...any) ([]mediaRow, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []mediaRow
	for rows.Next() {
		r, err := scanMedia(rows, withOwner, thumbnails)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// scanMedia reads one media row: the owner's id when withOwner, then link id, usage type, sort order, title, alt
// text, url and mime type.
func scanMedia(rows *sql.Rows, withOwner, thumbnails bool) (mediaRow, error) {
	var r mediaRow
	var id string
	var title, alt, url, mime sql.NullString
	var sort sql.NullInt64
	dest := []any{&id, &r.usage, &sort, &title, &alt, &url, &mime}
	if withOwner {
		dest = append([]any{&r.owner}, dest...)
	}
	if err := rows.Scan(dest...); err != nil {
		return r, err
	}
	r.item = mediaItem{ID: &id, SortOrder: sort.Int64, Title: title.String, URL: url.String,
		MediaType: mediaType(r.usage, mime.String)}
	if alt.Valid && alt.String != "" {
		r.item.AlternateText, r.item.AlternativeText = &alt.String, &alt.String
	}
	if thumbnails && r.item.MediaType == "Image" {
		u := url.String
		r.item.ThumbnailURL = &u
	}
	return r, nil
}

func mediaType(usage, mime string) string {
	switch {
	case usage == "Attachment" || strings.HasPrefix(mime, "application/"):
		return "Document"
	case strings.HasPrefix(mime, "video/"):
		return "Video"
	}
	return "Image"
}

// groupMedia sorts media rows into the groups asked for (all when only is empty), each with its items in order.
func groupMedia(defs []groupDef, rows []mediaRow, only []string) []mediaGroup {
	out := []mediaGroup{}
	for _, d := range defs {
		if len(only) > 0 && matchName(d.developerName, only) == "" {
			continue
		}
		g := mediaGroup{DeveloperName: d.developerName, ID: d.id, Name: d.name, UsageType: d.usageType, MediaItems: []mediaItem{}}
		for _, r := range rows {
			if r.usage == d.usage {
				g.MediaItems = append(g.MediaItems, r.item)
			}
		}
		out = append(out, g)
	}
	return out
}

// firstOf returns the first item of the first usage type that has one, or nil.
func firstOf(rows []mediaRow, usages ...string) *mediaItem {
	for _, u := range usages {
		for i := range rows {
			if rows[i].usage == u {
				item := rows[i].item
				return &item
			}
		}
	}
	return nil
}

// mediaGroupNames checks the mediaGroups parameter against the groups' developer names.
func mediaGroupNames(defs []groupDef, names []string) error {
	for _, n := range names {
		found := false
		for _, d := range defs {
			if strings.EqualFold(d.developerName, n) {
				found = true
			}
		}
		if !found {
			return invalidInput("Unknown media group %q.", httpx.Clip(n))
		}
	}
	return nil
}

// ListImage is the image that stands for a product in lists and carts: its first published list image, else its
// first published detail image. MediaID is the Product Media row (what a cart line's thumbnail carries as its id), ContentID the CMS content
// (what a search result's default image carries).
type ListImage struct {
	MediaID, ContentID, Title, URL string
	AltText                        *string
	SortOrder                      int
}

// ListImages returns the list image of each of the products that has one. Images are rows of the catalog domain,
// kept in memory per product while its version holds (db.Remembered); the ones not kept take one query. The answers
// are shared: read only.
func ListImages(ctx context.Context, q pricing.Querier, productIDs []string) (map[string]ListImage, error) {
	return db.Remembered(ctx, q, &listImagesKey, "list_images", db.Catalog, listImagesLimit, "", productIDs, loadListImages)
}

var listImagesKey int

// listImagesLimit bounds the images kept per catalog version: every product of a large catalogue.
const listImagesLimit = 500_000

func loadListImages(ctx context.Context, q db.Querier, productIDs []string) (map[string]ListImage, error) {
	out := map[string]ListImage{}
	if len(productIDs) == 0 {
		return out, nil
	}
	err := EachListImage(ctx, q, productIDs, func(product string, img ListImage) error {
		out[product] = img
		return nil
	})
	return out, err
}

// EachListImage calls fn with the list image of each of the products that has one, in product id order; nil
// productIDs means every product (the search snapshot reads them all at once).
func EachListImage(ctx context.Context, q db.Querier, productIDs []string, fn func(product string, img ListImage) error) error {
	where, args := "", []any(nil)
	if productIDs != nil {
		var in string
		in, args = db.InList(productIDs)
		where = `pm.productid IN (` + in + `) AND `
	}
	rows, err := q.Query(ctx, `SELECT pm.productid, pm.id, mc.id, COALESCE(mc.title, ''), COALESCE(mc.url, ''), mc.alttext,
		COALESCE(pm.sortorder, 0)
		FROM productmedia pm JOIN managedcontent mc ON mc.id = pm.electronicmediaid
		WHERE `+where+`pm.usagetype IN ('ListImage', 'ProductDetailImage') AND mc.ispublished AND mc.url <> ''
		ORDER BY pm.productid, CASE pm.usagetype WHEN 'ListImage' THEN 0 ELSE 1 END, pm.sortorder, pm.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	last := ""
	for rows.Next() {
		var product string
		var img ListImage
		if err := rows.Scan(&product, &img.MediaID, &img.ContentID, &img.Title, &img.URL, &img.AltText, &img.SortOrder); err != nil {
			return err
		}
		if product == last { // the product's first image is its list image
			continue
		}
		last = product
		if err := fn(product, img); err != nil {
			return err
		}
	}
	return rows.Err()
}
