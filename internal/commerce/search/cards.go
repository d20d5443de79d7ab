package search

import (
	"errors"
	"math"
	"unsafe"

	"storefront/internal/commerce/catalog"
	"storefront/internal/records"
)

// cards is what a search result card shows of every product of a snapshot (the fields a search returns when asked
// for none, the summary's own columns and the default image), so that a page of products never seen before is
// built without SQL. The snapshot's version moves whenever one of these columns, a product's media or its content
// changes (see index.go), so the cards are as current as the hits they show. A search asking for other fields
// reads them from the database (summaries in results.go).
//
// The text is kept compact, in one arena per table rather than strings or maps per product: a million products
// cost their text and a few integers each.
type cards struct {
	products texts   // per product, by load index (doc.card): the card columns below
	images   texts   // per image: the image columns below
	sorts    []int32 // per image, its sort order
	image    []int32 // per product, by load index, its image in images, or -1 for the placeholder
}

// The columns of cards.products. The first five hold the fields a search returns when asked for none
// (defaultFields), as stored, NULL included.
const (
	cardName = iota
	cardDescription
	cardSKU
	cardProductCode
	cardFamily
	cardProductClass // never NULL: Simple when the column is
	cardURLName
	cardMinimum
	cardMaximum
	cardIncrement
	cardColumns
)

// keptFields maps the Product2 columns of the fields kept in cards to their card column.
var keptFields = map[string]int{"name": cardName, "description": cardDescription, "stockkeepingunit": cardSKU,
	"productcode": cardProductCode, "family": cardFamily}

// The columns of cards.images.
const (
	imageContent = iota
	imageTitle
	imageURL
	imageAltText
	imageColumns
)

func newCards() *cards {
	return &cards{products: texts{columns: cardColumns}, images: texts{columns: imageColumns}}
}

// addImage sets the default image of the product read at load index k.
func (c *cards) addImage(k int, img catalog.ListImage) error {
	for len(c.image) <= k {
		c.image = append(c.image, -1)
	}
	c.image[k] = int32(len(c.sorts))
	c.sorts = append(c.sorts, int32(img.SortOrder))
	return c.images.add(&img.ContentID, &img.Title, &img.URL, img.AltText)
}

// fieldColumns returns the card column of each field, or false when one of them is not kept.
func fieldColumns(fields []*records.Field) ([]int, bool) {
	out := make([]int, len(fields))
	for i, f := range fields {
		c, ok := keptFields[f.Column()]
		if !ok {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

// summary is the card of the product at load index k with id id, as loadSummaries and loadImages build it from
// the database; columns are fieldColumns(fields).
func (c *cards) summary(k int, id string, fields []*records.Field, columns []int) *ProductSummary {
	p := &c.products
	s := &ProductSummary{ID: id, Name: p.text(k, cardName), ProductClass: p.text(k, cardProductClass),
		URLName: p.get(k, cardURLName), Fields: make(map[string]FieldValue, len(fields))}
	s.PurchaseQuantityRule = quantityRule(p.value(k, cardMinimum), p.value(k, cardMaximum), p.value(k, cardIncrement))
	for i, f := range fields {
		s.Fields[f.APIName] = FieldValue{Value: records.ProductFieldText(f, p.value(k, columns[i]))}
	}
	s.DefaultImage = placeholderImage()
	if k < len(c.image) && c.image[k] >= 0 {
		i := int(c.image[k])
		s.DefaultImage = Image{AlternateText: c.images.get(i, imageAltText), ID: c.images.get(i, imageContent),
			MediaType: "Image", SortOrder: int(c.sorts[i]), Title: c.images.text(i, imageTitle),
			URL: c.images.text(i, imageURL)}
	}
	return s
}

// trim gives back the room the tables grew ahead of their rows: up to half of them once loaded.
func (c *cards) trim() {
	for _, t := range []*texts{&c.products, &c.images} {
		t.arena, t.ends, t.nulls = exact(t.arena), exact(t.ends), exact(t.nulls)
	}
	c.sorts, c.image = exact(c.sorts), exact(c.image)
}

// exact is a copy of s without room to spare.
func exact[S ~[]E, E any](s S) S { return append(make(S, 0, len(s)), s...) }

// bytes is the cards' size in memory.
func (c *cards) bytes() uint64 {
	return c.products.bytes() + c.images.bytes() + 4*uint64(len(c.sorts)+len(c.image))
}

// texts is a table of nullable strings in one arena: cell i (row*columns + column) is arena[ends[i-1]:ends[i]].
type texts struct {
	columns int
	arena   []byte
	ends    []uint32
	nulls   []uint64 // a bit per cell
}

var errArenaFull = errors.New("search: the cards' text is over 4 GB")

// add appends a row; nil is NULL.
func (t *texts) add(values ...*string) error {
	for _, v := range values {
		cell := len(t.ends)
		if cell%64 == 0 {
			t.nulls = append(t.nulls, 0)
		}
		if v == nil {
			t.nulls[cell/64] |= 1 << (cell % 64)
		} else {
			t.arena = append(t.arena, *v...)
		}
		if len(t.arena) > math.MaxUint32 {
			return errArenaFull
		}
		t.ends = append(t.ends, uint32(len(t.arena)))
	}
	return nil
}

func (t *texts) isNull(cell int) bool { return t.nulls[cell/64]&(1<<(cell%64)) != 0 }

// text is the cell's text: a view of the arena, not a copy (a page's cards were a sixth of a distinct search's CPU
// when copied). The arena is never written once the snapshot is loaded, so the view stays valid and unchanged.
func (t *texts) text(row, column int) string {
	cell := row*t.columns + column
	start := uint32(0)
	if cell > 0 {
		start = t.ends[cell-1]
	}
	if start == t.ends[cell] {
		return ""
	}
	return unsafe.String(&t.arena[start], t.ends[cell]-start)
}

// get is the cell's text, nil for NULL.
func (t *texts) get(row, column int) *string {
	if t.isNull(row*t.columns + column) {
		return nil
	}
	s := t.text(row, column)
	return &s
}

// value is the cell as a database column reads: nil for NULL, else its text.
func (t *texts) value(row, column int) any {
	if t.isNull(row*t.columns + column) {
		return nil
	}
	return t.text(row, column)
}

func (t *texts) bytes() uint64 {
	return uint64(cap(t.arena)) + 4*uint64(cap(t.ends)) + 8*uint64(cap(t.nulls))
}
