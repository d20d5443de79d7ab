package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// Counting facets by reading each hit gives what intersecting sets gives: for the whole catalogue and a category,
// with products filed nowhere, in a subcategory, or (in the second tree) under two top-level categories.
func TestFacetCountsByReadingMatchSets(t *testing.T) {
	rnd := rand.New(rand.NewPCG(19, 3))
	node := func(id, parent string) *categoryNode { return &categoryNode{id: id, name: "N" + id, parent: parent} }
	tree := func() *categoryTree {
		a, b, c, a1 := node("a", ""), node("b", ""), node("c", ""), node("a1", "a")
		a.children = []*categoryNode{a1}
		return &categoryTree{nodes: map[string]*categoryNode{"a": a, "b": b, "c": c, "a1": a1},
			topLevel: []*categoryNode{a, b, c}}
	}
	s := &snapshot{byCategory: map[string][]int{}}
	categories := [][]string{nil, {"a"}, {"a1"}, {"b"}, {"c"}, {"a", "a1"}}
	for i := range 5000 {
		x := &doc{nameRank: i, family: fmt.Sprint("F", rnd.IntN(5)), brand: fmt.Sprint("b", rnd.IntN(9)),
			categories: categories[rnd.IntN(len(categories))]}
		if rnd.IntN(10) == 0 {
			x.brand = ""
		}
		s.all = append(s.all, x)
		for _, c := range x.categories {
			if list := s.byCategory[c]; len(list) == 0 || list[len(list)-1] != i {
				s.byCategory[c] = append(list, i)
			}
		}
	}
	s.attributes = buildAttributeSets(s.all)
	for round, tr := range []*categoryTree{tree(), tree()} {
		if round == 1 { // one product in b and in c: only sets count it right
			s.byCategory["c"] = append(s.byCategory["c"], s.byCategory["b"][0])
			slices.Sort(s.byCategory["c"])
		}
		for _, under := range []string{"", "a"} {
			for range 20 {
				hits := roaring.New()
				for i := range s.all {
					if rnd.IntN(7) == 0 {
						hits.Add(uint32(i))
					}
				}
				readChildren, readCounts := s.countByReading(tr, under, hits)
				setChildren, setCounts := s.countBySets(tr, under, hits, true)
				if !slices.Equal(readChildren, setChildren) || !slices.EqualFunc(readCounts, setCounts, slices.Equal) {
					t.Fatalf("under %q: by reading %v %v, by sets %v %v", under, readChildren, readCounts, setChildren,
						setCounts)
				}
			}
		}
	}
}

// A facet's values are in the API's order: by display name without regard to case, then by id.
func TestFacetValuesOrder(t *testing.T) {
	vs := []FacetValue{{DisplayName: "bolts", NameOrID: "0ZGb"}, {DisplayName: "Valves", NameOrID: "0ZG2"},
		{DisplayName: "valves", NameOrID: "0ZG1"}, {DisplayName: "Anchors", NameOrID: "0ZGz"}}
	sortValues(vs)
	var got []string
	for _, v := range vs {
		got = append(got, v.DisplayName+"/"+v.NameOrID)
	}
	if want := "Anchors/0ZGz bolts/0ZGb valves/0ZG1 Valves/0ZG2"; strings.Join(got, " ") != want {
		t.Fatalf("order %v, want %s", got, want)
	}
}
