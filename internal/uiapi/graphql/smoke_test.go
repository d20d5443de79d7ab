package graphql_test

import (
	"testing"

	"storefront/internal/app/apptest"
)

func TestSmoke(t *testing.T) {
	s := apptest.Demo(t, "")
	admin := s.Token(t, "admin@example.com")
	for _, q := range []string{
		`{ uiapi { query { Account(first: 2, orderBy: {Name: {order: DESC}}) { edges { node { Id Name { value displayValue } AnnualRevenue { value displayValue } Owner { Name { value } } Contacts(first: 2) { edges { node { Name { value } } } totalCount } } cursor } pageInfo { hasNextPage endCursor } totalCount } } } }`,
		`{ uiapi { objectInfos(apiNames: ["Account"]) { ApiName label fields { ApiName dataType } } } }`,
		`{ uiapi { query { Nope { edges { node { Id } } } } } }`,
		`{ uiapi { query { Account(where: {Name: {like: "A%"}}) { edges { node { Id Name { value } } } } } } }`,
		`{ uiapi `,
	} {
		status, body := post(t, s, admin, q, nil)
		t.Logf("%d %s", status, body)
	}
}
