package search

import (
	"bytes"
	"slices"
	"strconv"

	"storefront/internal/platform/httpx"
)

// A search answer is encoded by hand: encoding/json's reflection was a third of the cost of a listing built afresh.
// The bytes are exactly encoding/json's (same member order, escaping and trailing newline), which a test holds.

// appendJSON appends r as WriteJSON would write it.
func (r *Results) appendJSON(b []byte) []byte {
	b = append(b, `{"categories":`...)
	b = r.Categories.appendJSON(b)
	b = append(b, `,"facets":`...)
	b = appendList(b, r.Facets, (*Facet).appendJSON)
	b = append(b, `,"locale":`...)
	b = httpx.AppendJSONString(b, r.Locale)
	b = append(b, `,"productsPage":{"currencyIsoCode":`...)
	p := &r.ProductsPage
	b = httpx.AppendJSONString(b, p.CurrencyIsoCode)
	b = append(b, `,"pageSize":`...)
	b = strconv.AppendInt(b, int64(p.PageSize), 10)
	b = append(b, `,"products":`...)
	b = appendList(b, p.Products, (*ProductSummary).appendJSON)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(p.Total), 10)
	return append(b, "}}\n"...)
}

func (c *SearchCategory) appendJSON(b []byte) []byte {
	b = append(b, `{"category":`...)
	if c.Category == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"id":`...)
		b = httpx.AppendJSONString(b, c.Category.ID)
		b = append(b, `,"name":`...)
		b = httpx.AppendJSONString(b, c.Category.Name)
		b = append(b, '}')
	}
	b = append(b, `,"children":`...)
	b = appendList(b, c.Children, (*SearchCategory).appendJSON)
	b = append(b, `,"productCount":`...)
	b = strconv.AppendInt(b, int64(c.ProductCount), 10)
	return append(b, '}')
}

func (f *Facet) appendJSON(b []byte) []byte {
	b = append(b, `{"attributeType":`...)
	b = httpx.AppendJSONString(b, f.AttributeType)
	b = append(b, `,"displayName":`...)
	b = httpx.AppendJSONString(b, f.DisplayName)
	b = append(b, `,"displayRank":`...)
	b = strconv.AppendInt(b, int64(f.DisplayRank), 10)
	b = append(b, `,"displayType":`...)
	b = httpx.AppendJSONString(b, f.DisplayType)
	b = append(b, `,"facetType":`...)
	b = httpx.AppendJSONString(b, f.FacetType)
	b = append(b, `,"nameOrId":`...)
	b = httpx.AppendJSONString(b, f.NameOrID)
	b = append(b, `,"values":`...)
	b = appendList(b, f.Values, (*FacetValue).appendJSON)
	return append(b, '}')
}

func (v *FacetValue) appendJSON(b []byte) []byte {
	b = append(b, `{"displayName":`...)
	b = httpx.AppendJSONString(b, v.DisplayName)
	b = append(b, `,"nameOrId":`...)
	b = httpx.AppendJSONString(b, v.NameOrID)
	b = append(b, `,"productCount":`...)
	b = strconv.AppendInt(b, int64(v.ProductCount), 10)
	return append(b, '}')
}

func (p *ProductSummary) appendJSON(b []byte) []byte {
	img := &p.DefaultImage
	b = append(b, `{"defaultImage":{"alternateText":`...)
	b = appendOptional(b, img.AlternateText)
	b = append(b, `,"contentVersionId":`...)
	b = appendOptional(b, img.ContentVersionID)
	b = append(b, `,"id":`...)
	b = appendOptional(b, img.ID)
	b = append(b, `,"mediaType":`...)
	b = httpx.AppendJSONString(b, img.MediaType)
	b = append(b, `,"sortOrder":`...)
	b = strconv.AppendInt(b, int64(img.SortOrder), 10)
	b = append(b, `,"thumbnailUrl":`...)
	b = appendOptional(b, img.ThumbnailURL)
	b = append(b, `,"title":`...)
	b = httpx.AppendJSONString(b, img.Title)
	b = append(b, `,"url":`...)
	b = httpx.AppendJSONString(b, img.URL)
	b = append(b, `},"fields":`...)
	if p.Fields == nil {
		b = append(b, "null"...)
	} else {
		names := make([]string, 0, len(p.Fields))
		for name := range p.Fields {
			names = append(names, name)
		}
		slices.Sort(names) // encoding/json writes a map's keys in order
		b = append(b, '{')
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = httpx.AppendJSONString(b, name)
			b = append(b, `:{"value":`...)
			b = appendOptional(b, p.Fields[name].Value)
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	b = append(b, `,"id":`...)
	b = httpx.AppendJSONString(b, p.ID)
	b = append(b, `,"name":`...)
	b = httpx.AppendJSONString(b, p.Name)
	b = append(b, `,"prices":`...)
	if pr := p.Prices; pr == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"currencyIsoCode":`...)
		b = httpx.AppendJSONString(b, pr.CurrencyIsoCode)
		b = append(b, `,"listPrice":`...)
		b = appendOptional(b, pr.ListPrice)
		b = append(b, `,"pricebookEntryId":`...)
		b = httpx.AppendJSONString(b, pr.PricebookEntryID)
		b = append(b, `,"productId":`...)
		b = httpx.AppendJSONString(b, pr.ProductID)
		b = append(b, `,"unitPrice":`...)
		b = httpx.AppendJSONString(b, pr.UnitPrice)
		b = append(b, '}')
	}
	b = append(b, `,"productClass":`...)
	b = httpx.AppendJSONString(b, p.ProductClass)
	b = append(b, `,"purchaseQuantityRule":`...)
	if q := p.PurchaseQuantityRule; q == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"increment":`...)
		b = appendOptional(b, q.Increment)
		b = append(b, `,"maximum":`...)
		b = appendOptional(b, q.Maximum)
		b = append(b, `,"minimum":`...)
		b = appendOptional(b, q.Minimum)
		b = append(b, '}')
	}
	b = append(b, `,"urlName":`...)
	b = appendOptional(b, p.URLName)
	b = append(b, `,"variationAttributeSet":`...)
	if p.VariationAttributeSet != nil {
		// Not set by any search today; should one be, encoding/json writes it.
		return append(append(b, bytes.TrimSuffix(httpx.EncodeJSON(p.VariationAttributeSet), []byte("\n"))...), '}')
	}
	return append(b, "null}"...)
}

// appendList appends items as a JSON array (null for a nil slice, as encoding/json writes it).
func appendList[T any](b []byte, items []T, appendItem func(*T, []byte) []byte) []byte {
	if items == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendItem(&items[i], b)
	}
	return append(b, ']')
}

// appendOptional appends s, or null.
func appendOptional(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return httpx.AppendJSONString(b, *s)
}
