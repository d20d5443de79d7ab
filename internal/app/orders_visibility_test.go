package app_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
	"storefront/internal/demo"
	"storefront/internal/platform/db"
)

// Every order call follows one rule (order.Visible): a buyer reads the orders they own; a buyer manager reads
// every order of the account they act for. A second buyer of the same account could read and reorder the first
// one's order by id, though their order list (either scope) did not show it.
func TestOrdersOfOneAccountFollowOneRule(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		s.exec(t, `UPDATE productinventory SET quantityonhand = 1000`)
		racers := newBuyers(t, s, 2) // two buyers of the demo buyer's account
		hers := placeOrder(t, s, racers[0], map[string]int{pen: 1})
		mine := placeOrder(t, s, racers[1], map[string]int{marker: 1})
		// A buyer of an account the manager manages, and her order.
		managed := demo.ManagedAccountIDs[0]
		hash, err := auth.HashPassword(demo.DemoPassword)
		if err != nil {
			t.Fatal(err)
		}
		err = s.d.InTx(context.Background(), func(tx *db.Tx) error {
			_, err := auth.InsertUser(context.Background(), s.srv.App.Engine, tx, auth.NewUser{Email: "colleague@example.com",
				Password: demo.DemoPassword, FirstName: "Casey", LastName: "Colleague", AccountID: managed}, hash)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		colleague := s.srv.Token(t, "colleague@example.com")
		theirs := placeOrder(t, s, colleague, map[string]int{pen: 1})
		manager := s.srv.Token(t, "manager@example.com")
		acting := "effectiveAccountId=" + managed

		listed := func(token, query string) []string {
			t.Helper()
			var list summaryList
			s.srv.Get(t, commercePath("order-summaries?pageSize=100&"+query), token).Decode(t, query, 200, &list)
			var ids []string
			for _, o := range list.OrderSummaries {
				ids = append(ids, o.OrderSummaryID)
			}
			sort.Strings(ids)
			if len(ids) != list.Count {
				t.Fatalf("%s: count %d, %d listed", query, list.Count, len(ids))
			}
			return ids
		}
		// readable reports whether the detail, its items, the lookup (by id and by number) and the reorder all find
		// the order (true), or all answer 404 (false); any mixture fails.
		readable := func(who, token, query string, o orderResult) bool {
			t.Helper()
			q := "?" + query
			answers := []apitest.Reply{
				s.srv.Get(t, commercePath("order-summaries/"+o.OrderSummaryID+q), token),
				s.srv.Get(t, commercePath("order-summaries/"+o.OrderSummaryID+"/items"+q), token),
				s.srv.Call(t, "POST", commercePath("order-summaries/actions/lookup"+q), token, `{"orderSummaryIdOrRefNumber":"`+o.OrderSummaryID+`"}`),
				s.srv.Call(t, "POST", commercePath("order-summaries/actions/lookup"+q), token, `{"orderSummaryIdOrRefNumber":"`+o.OrderReferenceNumber+`"}`),
				s.srv.Call(t, "POST", commercePath("order-summaries/"+o.OrderSummaryID+"/actions/add-order-to-cart"+q), token, ""),
			}
			found := answers[0].Status == 200
			for i, r := range answers {
				if ok := r.Status >= 200 && r.Status < 300; ok != found || (!ok && (r.Status != 404 || !strings.Contains(r.Body, "NOT_FOUND"))) {
					t.Fatalf("%s, call %d on %s: %d %s (the detail answered %d)", who, i, o.OrderSummaryID, r.Status, r.Body, answers[0].Status)
				}
			}
			return found
		}
		for _, tc := range []struct {
			who, token, query string
			my, account       []string
			all               []orderResult
		}{
			{"a second buyer of the account", racers[1], "", []string{mine.OrderSummaryID}, []string{mine.OrderSummaryID}, []orderResult{hers, mine, theirs}},
			{"the first buyer", racers[0], "", []string{hers.OrderSummaryID}, []string{hers.OrderSummaryID}, []orderResult{hers, mine, theirs}},
			{"the manager for the managed account", manager, acting, nil, []string{theirs.OrderSummaryID}, []orderResult{hers, mine, theirs}},
		} {
			if got := listed(tc.token, tc.query+"&ownerScope=My"); strings.Join(got, ",") != strings.Join(tc.my, ",") {
				t.Errorf("%s, My: %v, want %v", tc.who, got, tc.my)
			}
			account := listed(tc.token, tc.query+"&ownerScope=Account")
			if strings.Join(account, ",") != strings.Join(tc.account, ",") {
				t.Errorf("%s, Account: %v, want %v", tc.who, account, tc.account)
			}
			for _, o := range tc.all {
				inList := strings.Contains(strings.Join(account, ","), o.OrderSummaryID)
				if got := readable(tc.who, tc.token, tc.query, o); got != inList {
					t.Errorf("%s reads order %s: %v, but it is listed: %v", tc.who, o.OrderReferenceNumber, got, inList)
				}
			}
		}
		// The records API follows the same rule.
		_, page := s.soql(t, racers[1], "SELECT Id FROM OrderSummary", nil)
		if page.TotalSize != 1 || page.Records[0]["Id"] != mine.OrderSummaryID {
			t.Fatalf("SOQL as the second buyer: %+v", page)
		}
	})
}
