package demo

import (
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strings"

	"storefront/internal/records"
)

// category is one node of the demo tree with its stable id (by depth-first position, 1-based).
type category struct {
	Seq      int
	ID       string
	Name     string
	ParentID string
	Level    int // 1 = top level
	Sort     int // position among its siblings
	Blurb    string
	Family   string
	Words    *leafWords // set on leaves only
	UrlName  string
	children int
}

// flattenTree lists the demo categories depth first; ids are StableID("0ZG", Seq).
func flattenTree() []category {
	var out []category
	var walk func(nodes []node, parent *category, level int)
	walk = func(nodes []node, parent *category, level int) {
		for i, n := range nodes {
			c := category{Seq: len(out) + 1, Name: n.Name, Level: level, Sort: (i + 1) * 10, Blurb: n.Blurb,
				Family: n.Family, Words: n.Leaf, UrlName: slug(n.Name), children: len(n.Children)}
			c.ID = records.StableID(prefixCategory, int64(c.Seq))
			if parent != nil {
				c.ParentID = parent.ID
				if c.Family == "" {
					c.Family = parent.Family
				}
				if c.Blurb == "" {
					c.Blurb = parent.Blurb
				}
			}
			out = append(out, c)
			p := c
			walk(n.Children, &p, level+1)
		}
	}
	walk(categoryTree, nil, 1)
	return out
}

// leafCategories are the categories that hold products, in tree order.
func leafCategories(all []category) []category {
	var out []category
	for _, c := range all {
		if c.Words != nil {
			out = append(out, c)
		}
	}
	return out
}

// product is everything seeded for product number n.
type product struct {
	N           int
	ID          string
	Name        string
	SKU         string
	Code        string
	Description string
	Family      string
	UOM         string
	Pack        int
	Brand       string
	ListCents   int64
	Rule        *quantityRule
	Stock       int
	UrlName     string
	ContentKey  string
	ContentID   string
	Leaf        int // index into the leaf categories
}

type quantityRule struct{ Min, Max, Increment int }

// makeProduct derives product n (1-based) from the word lists: leaves take turns, and within a leaf the nouns and
// specifications cycle, so names stay plausible however large n grows.
func makeProduct(n int, leaves []category) product {
	leafIdx := (n - 1) % len(leaves)
	c := leaves[leafIdx]
	lw := c.Words
	k := (n - 1) / len(leaves)
	h := mix(uint64(n))
	noun := lw.Nouns[k%len(lw.Nouns)]
	spec := lw.Specs[(k/len(lw.Nouns))%len(lw.Specs)]
	brand := brands[h%uint64(len(brands))]
	name := brand + " " + noun + ", " + spec
	if series := k / (len(lw.Nouns) * len(lw.Specs)); series > 0 {
		name += fmt.Sprintf(", Series %d", series+1)
	}
	p := product{N: n, ID: records.StableID(prefixProduct, int64(n)), Name: name, Family: c.Family, UOM: lw.UOM,
		Brand: brand, Leaf: leafIdx}
	p.SKU = fmt.Sprintf("%s-%06d", lw.Code, n)
	p.Code = fmt.Sprintf("P%07d", n)
	p.Pack = lw.Packs[(h>>8)%uint64(len(lw.Packs))]
	span := int64(lw.MaxCents - lw.MinCents + 1)
	cents := int64(lw.MinCents) + int64((h>>16)%uint64(span))
	p.ListCents = max(99, cents/50*50+49) // prices end in .49 or .99
	p.Description = describe(p, noun, spec, c.Blurb, h)
	p.Rule = ruleFor(n)
	p.Stock = stockFor(n, h)
	p.UrlName = slug(noun+" "+spec) + "-" + fmt.Sprint(n)
	p.ContentKey = contentKey("product", n)
	p.ContentID = records.StableID(prefixContent, contentProductBase+int64(n))
	return p
}

func describe(p product, noun, spec, blurb string, h uint64) string {
	unit := strings.ToLower(p.UOM)
	sold := "Sold individually."
	if p.UOM != "Each" {
		sold = fmt.Sprintf("Sold by the %s of %d.", unit, p.Pack)
	}
	point := sellingPoints[(h>>24)%uint64(len(sellingPoints))]
	return fmt.Sprintf("%s %s, %s. %s %s %s", p.Brand, noun, spec, blurb, sold, point)
}

// ruleFor gives some products a purchase quantity rule: every 5th is sold in steps of 5; every 8th is limited to 10.
func ruleFor(n int) *quantityRule {
	switch {
	case n%5 == 0:
		return &quantityRule{Min: 5, Max: 500, Increment: 5}
	case n%8 == 0:
		return &quantityRule{Min: 1, Max: 10, Increment: 1}
	}
	return nil
}

// stockFor: every 13th product is out of stock, every 7th is low (1-5), the rest have 25-999 on hand.
func stockFor(n int, h uint64) int {
	switch {
	case n%13 == 0:
		return 0
	case n%7 == 0:
		return 1 + int((h>>32)%5)
	}
	return 25 + int((h>>40)%975)
}

// mix is splitmix64's finaliser: a fixed, well-spread hash of n, so "random-looking" choices are reproducible.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// contentKey makes a Salesforce-looking content key (MC + 22 upper-case base32 characters) from a kind and number.
func contentKey(kind string, n int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("storefront-demo/%s/%d", kind, n)))
	return "MC" + base32.StdEncoding.EncodeToString(sum[:])[:22]
}

// slug turns a name into a URL name: lower-case words joined by hyphens.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	return b.String()
}

// money formats cents as a decimal string ("12.49"): amounts are exact, never floats.
func money(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// discounted applies a whole-percent discount, rounding half up to the cent.
func discounted(cents int64, pct int) int64 { return (cents*int64(100-pct) + 50) / 100 }

// mediaURL is where the media handler serves a content item.
func mediaURL(key string) string { return "/cms/delivery/media/" + key }

// categoryID is the id of the demo category with the name; it panics for a name the tree lacks (a seed bug).
func categoryID(name string) string {
	for _, c := range flattenTree() {
		if c.Name == name {
			return c.ID
		}
	}
	panic("demo: no category " + name)
}
