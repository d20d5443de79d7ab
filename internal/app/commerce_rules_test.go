package app_test

import (
	"strings"
	"testing"

	"storefront/internal/records"
)

// The commerce rules staff meet in the console (a UI API record update or create, as the console sends them) are
// hooks of the objects, so every writer obeys them: no negative price or stock, a promotion's discount within
// reason, no end date before the start date. A refusal is a 400 with the field's error in the UI API's body.
func TestCommerceRulesOnSave(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		ui := "/services/data/v64.0/ui-api/records"
		product := records.StableID("01t", 6)
		entry := s.queryString(t, `SELECT id FROM pricebookentry WHERE product2id = ? ORDER BY id LIMIT 1`, product)
		inventory := s.queryString(t, `SELECT id FROM productinventory WHERE productid = ?`, product)
		promotion := s.queryString(t, `SELECT id FROM promotion WHERE discounttype = 'PercentageOff' ORDER BY id LIMIT 1`)
		coupon := s.queryString(t, `SELECT id FROM coupon ORDER BY id LIMIT 1`)

		for _, c := range []struct{ id, body, field, message string }{
			{entry, `{"UnitPrice":"-0.01"}`, "UnitPrice", "List Price can't be negative."},
			{inventory, `{"QuantityOnHand":-3}`, "QuantityOnHand", "Quantity On Hand can't be negative."},
			{promotion, `{"DiscountValue":"150"}`, "DiscountValue", "A percentage off can't be more than 100."},
			{promotion, `{"DiscountValue":"0"}`, "DiscountValue", "A PercentageOff promotion needs a discount value above zero."},
			{promotion, `{"StartDate":"2026-06-01","EndDate":"2026-05-31"}`, "EndDate", "The end date can't be before the start date."},
			{coupon, `{"StartDate":"2026-06-01","EndDate":"2026-05-31"}`, "EndDate", "The end date can't be before the start date."},
		} {
			r := s.srv.Call(t, "PATCH", ui+"/"+c.id, admin, `{"fields":`+c.body+`}`)
			if r.Status != 400 || !strings.Contains(r.Body, `"fieldErrors":{"`+c.field+`":[{`) ||
				!strings.Contains(r.Body, `"errorCode":"FIELD_CUSTOM_VALIDATION_EXCEPTION"`) || !strings.Contains(r.Body, c.message) {
				t.Errorf("PATCH %s: %d %s, want 400 on %s: %s", c.body, r.Status, r.Body, c.field, c.message)
			}
		}
		// Values within the rules are saved.
		for _, c := range []struct{ id, body string }{
			{entry, `{"UnitPrice":"0"}`}, {inventory, `{"QuantityOnHand":0}`}, {promotion, `{"DiscountValue":"100","EndDate":"2030-12-31"}`},
		} {
			if r := s.srv.Call(t, "PATCH", ui+"/"+c.id, admin, `{"fields":`+c.body+`}`); r.Status != 200 {
				t.Errorf("PATCH %s: %d %s, want 200", c.body, r.Status, r.Body)
			}
		}
	})
}
