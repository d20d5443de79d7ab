package catalog

import (
	"context"
	"database/sql"
	"strings"

	"storefront/internal/commerce/pricing"
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
	return scanMedia(ctx, q, query, false, thumbnails, args...)
}

// loadMediaOf reads the media of several records at once: query selects the owner record's id, then the columns
// loadMedia reads.
func loadMediaOf(ctx context.Context, q pricing.Querier, query string, thumbnails bool, args ...any) ([]mediaRow, error) {
	return scanMedia(ctx, q, query, true, thumbnails, args...)
}

func scanMedia(ctx context.Context, q pricing.Querier, query string, withOwner, thumbnails bool, args ...any) ([]mediaRow, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []mediaRow
	for rows.Next() {
		var r mediaRow
		var id string
		var title, alt, url, mime sql.NullString
		var sort sql.NullInt64
		dest := []any{&id, &r.usage, &sort, &title, &alt, &url, &mime}
		if withOwner {
			dest = append([]any{&r.owner}, dest...)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
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
		out = append(out, r)
	}
	return out, rows.Err()
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
			return invalidInput("Unknown media group %q.", clip(n))
		}
	}
	return nil
}
