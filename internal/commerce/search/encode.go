package search

import (
	"bytes"
	"slices"
	"strconv"
	"sync"

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

// sizeHint is about the bytes of r's encoding, a little over in most answers, so that its buffer is allocated once
// and an answer kept in memory holds little room to spare.
func (r *Results) sizeHint() int {
	n := 256 + r.Categories.sizeHint()
	for i := range r.Facets {
		n += 192 + 96*len(r.Facets[i].Values)
	}
	for i := range r.ProductsPage.Products {
		p := &r.ProductsPage.Products[i]
		if p.card == nil {
			n += 1024
		} else {
			n += len(p.card.bytes) + 200 // with room for the prices and the rule
		}
	}
	return n
}

func (c *SearchCategory) sizeHint() int {
	n := 72
	if c.Category != nil {
		n += len(c.Category.ID) + len(c.Category.Name)
	}
	for i := range c.Children {
		n += c.Children[i].sizeHint()
	}
	return n
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

// appendJSON appends the summary. A summary kept in memory carries its encoding (card) but for the two members
// each request sets afresh, its prices and purchase quantity rule, which are appended between the kept bytes.
func (p *ProductSummary) appendJSON(b []byte) []byte {
	if c := p.card; c != nil {
		b = append(b, c.bytes[:c.prices]...)
		b = p.appendPrices(b)
		b = append(b, c.bytes[c.prices:c.rule]...)
		b = p.appendRule(b)
		return append(b, c.bytes[c.rule:]...)
	}
	b = p.appendRule(p.appendMiddle(p.appendPrices(p.appendHead(b))))
	return p.appendTail(b)
}

// cardJSON is a summary's encoding without its prices and purchase quantity rule: they go at the offsets given.
type cardJSON struct {
	bytes        []byte
	prices, rule int
}

// encodeCard keeps the summary's encoding, once its members other than the prices and the rule are final. It is
// written into a scratch buffer and kept as an exact copy: a card appended from nothing grew its slice a dozen
// times, which was two fifths of encoding the cards a search at a million products had not kept.
func (p *ProductSummary) encodeCard() {
	scratch := cardScratch.Get().(*[]byte)
	b := p.appendHead((*scratch)[:0])
	prices := len(b)
	b = p.appendMiddle(b)
	rule := len(b)
	b = p.appendTail(b)
	p.card = &cardJSON{bytes: exact(b), prices: prices, rule: rule}
	*scratch = b
	cardScratch.Put(scratch)
}

// cardScratch holds the buffers cards are encoded in (a card is about 700 bytes).
var cardScratch = sync.Pool{New: func() any { b := make([]byte, 0, 2048); return &b }}

// appendHead appends the members before the prices, up to "prices":.
func (p *ProductSummary) appendHead(b []byte) []byte {
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
	return append(b, `,"prices":`...)
}

func (p *ProductSummary) appendPrices(b []byte) []byte {
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
	return b
}

// appendMiddle appends the members between the prices and the rule, up to "purchaseQuantityRule":.
func (p *ProductSummary) appendMiddle(b []byte) []byte {
	b = append(b, `,"productClass":`...)
	b = httpx.AppendJSONString(b, p.ProductClass)
	return append(b, `,"purchaseQuantityRule":`...)
}

func (p *ProductSummary) appendRule(b []byte) []byte {
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
	return b
}

// appendTail appends the members after the rule and the closing brace.
func (p *ProductSummary) appendTail(b []byte) []byte {
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
