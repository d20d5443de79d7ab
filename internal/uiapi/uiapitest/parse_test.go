package uiapitest

import (
	"slices"
	"testing"
)

// A small RAML document with the constructs api.raml uses rarely or not at all.
const miniRAML = `#%RAML 1.0
title: mini
types:
  Closed:
    type: object
    additionalProperties: false
    properties:
      name: string
      nickname?: string
      note:
        type: string
        required: false
      when: datetime
      day: date-only
      anything: any
      tags:
        type: array
        items: string
/things/{id}:
  get:
    responses:
      '200':
        body:
          application/json:
            type: Closed
`

func TestParseMiniDocument(t *testing.T) {
	spec, err := Parse([]byte(miniRAML))
	if err != nil {
		t.Fatal(err)
	}
	if op := spec.Find("GET", "/services/data/v64.0/things/42"); op == nil || op.ResponseType(200).Expr != "Closed" {
		t.Fatalf("GET /things/{id}: %+v", op)
	}
	cases := []struct {
		body string
		want []string
	}{
		{`{"name":"a","when":"2024-01-01T00:00:00Z","day":"2024-01-01","anything":[1],"tags":["x"]}`, nil},
		{`{"name":"a","nickname":"b","note":"c","when":"t","day":"d","anything":null,"tags":[]}`, nil},
		{`{"name":"a","when":"t","day":"d","anything":1,"tags":["x",2],"extra":true}`, []string{
			"$.tags[1]: want string, got integer 2",
			"$.extra: property not declared by Closed", // additionalProperties: false holds even in lenient mode
		}},
		{`{"when":5,"day":"d","anything":1,"tags":"x"}`, []string{
			"$.name: missing required property (Closed)",
			"$.tags: want array, got string x",
			"$.when: want datetime, got integer 5",
		}},
	}
	for _, c := range cases {
		problems, err := spec.Validate("Closed", []byte(c.body), Lenient)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range problems {
			got = append(got, p.String())
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.body, got, c.want)
		}
	}
}
