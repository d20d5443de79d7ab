package checkout

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// View is the Checkout wire shape.
type View struct {
	CartSummary          *cart.Summary        `json:"cartSummary"`
	CheckoutID           string               `json:"checkoutId"`
	ContactInfo          map[string]string    `json:"contactInfo"`
	CustomFields         []any                `json:"customFields"`
	DeliveryGroups       cart.GroupCollection `json:"deliveryGroups"`
	Errors               []Problem            `json:"errors"`
	OrderReferenceNumber *string              `json:"orderReferenceNumber"`
	StatusCode           string               `json:"statusCode"`
}

// view is the checkout sess of the cart c as read now.
func (s *Service) view(ctx context.Context, q db.Querier, sh *storecontext.Shopper, sess *session, c *cart.Cart, status int) (*View, error) {
	groups, err := s.Carts.DeliveryGroups(ctx, q, c, 0, true)
	if err != nil {
		return nil, err
	}
	out := &View{CartSummary: cart.SummaryOf(c, sh.Store.DefaultCurrency), CheckoutID: sess.ID,
		ContactInfo: map[string]string{}, CustomFields: []any{}, Errors: []Problem{}, StatusCode: strconv.Itoa(status),
		DeliveryGroups: cart.GroupCollection{Count: len(groups), Items: groups}}
	if out.DeliveryGroups.Items == nil {
		out.DeliveryGroups.Items = []*cart.DeliveryGroup{}
	}
	// Blank contact values are left out (spec: guest details are kept only when non-blank).
	for k, v := range map[string]string{"email": sess.Email, "firstName": sess.FirstName, "lastName": sess.LastName,
		"phoneNumber": sess.Phone} {
		if v != "" {
			out.ContactInfo[k] = v
		}
	}
	if sess.OrderNumber != "" {
		out.OrderReferenceNumber = &sess.OrderNumber
	}
	return out, nil
}

// writeView answers the checkout sess with its cart as it is now; c, when given, is that cart as read now.
func (s *Service) writeView(w http.ResponseWriter, ctx context.Context, sh *storecontext.Shopper, sess *session,
	c *cart.Cart, status int) error {
	var err error
	if c == nil {
		if c, err = cart.Reload(ctx, s.DB, sess.CartID); err != nil {
			return err
		}
	}
	v, err := s.view(ctx, s.DB, sh, sess, c, status)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, status, v)
	return nil
}

// startInput is the Checkout Start Input.
type startInput struct {
	CartID               string `json:"cartId"`
	DeliveryAddressInput *struct {
		cart.AddressInput
		ShouldUseDefaultAddress bool `json:"shouldUseDefaultAddress"`
	} `json:"deliveryAddressInput"`
	CustomFields []json.RawMessage `json:"customFields"`
}

// Start is PUT (and POST) checkouts: {cartId, deliveryAddressInput}. The cart is priced with a delivery method
// (the group's, else the cheapest), its stock held for the store's reservation time, and the checkout answered
// with 202; the GET then answers 200, or 422 when the stock could not be held. A cart that already has a live
// checkout answers that one; an expired one 410 and a stale one 422, so the client deletes it and starts again.
func (s *Service) Start(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	var in startInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.CartID) == "" {
		return httpx.BadRequest("INVALID_API_INPUT", "cartId is required.")
	}
	ctx := r.Context()
	var sess *session
	var left *cart.Cart
	// The engine alone writes a checkout's rows: a row written twice is read once.
	err = records.InKeptTx(ctx, s.DB.InTx, func(tx *db.Tx) error {
		c, err := s.Carts.Lock(ctx, tx, sh, strings.TrimSpace(in.CartID))
		if err != nil {
			return err
		}
		s.Carts.AdoptKept(tx, sh, c)
		records.ReadInTx(tx, c.ID) // the stock holds and the checkout name it: the engine need not look it up again
		existing, err := scanSession(tx.QueryRow(ctx, `SELECT `+sessionColumns+` FROM cartcheckoutsession
			WHERE webcartid = ? AND state IN ('Ready', 'Failed') ORDER BY createddate DESC, id DESC LIMIT 1`, c.ID))
		if err == nil {
			sess = existing
			return check(existing, c, time.Now())
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if c.TotalProductCount == 0 && c.Status != cart.StatusProcessing {
			return httpx.BadRequest("INVALID_API_INPUT", "The cart is empty: add products before checking out.")
		}
		values := map[string]any{}
		if a := in.DeliveryAddressInput; a != nil {
			addr := a.AddressInput
			if a.ShouldUseDefaultAddress && addr.ID == "" && addr.AddressID == "" && addr.Street == "" {
				addr.ID, err = defaultAddress(ctx, tx, sh)
				if err != nil {
					return err
				}
				records.ReadInTx(tx, addr.ID) // read from its table in tx: the group's reference to it holds
			}
			if addr.ID != "" || addr.AddressID != "" || addr.Street != "" {
				if values, err = addr.Resolve(ctx, s.Engine, tx, sh); err != nil {
					return err
				}
			}
		}
		// The default group (made when the cart has none), which keeps its delivery method or gets the cheapest.
		group, err := s.Carts.DefaultGroupRow(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		if group.String("DeliveryMethodId") == "" {
			if methods, err := cart.DeliveryMethods(ctx, tx, c.Currency); err != nil {
				return err
			} else if len(methods) > 0 {
				values["DeliveryMethodId"] = methods[0].ID // the cheapest
				records.ReadInTx(tx, methods[0].ID)        // read from its table in tx: the group's reference to it holds
			}
		}
		if err := s.Carts.WriteGroup(ctx, tx, group.ID, values); err != nil {
			return err
		}
		c.Status = cart.StatusCheckout // written with the calculation's totals: one update of the cart
		if err := s.Carts.Recalculate(ctx, tx, c); err != nil {
			return err
		}
		expires := time.Now().UTC().Add(time.Duration(sh.Store.ReservationInSeconds) * time.Second)
		rec := map[string]any{"WebCartId": c.ID, "State": StateReady, "CartRevision": c.Revision,
			"ExpiresAt": wire.DateTime(expires)}
		if sh.Guest() {
			rec["GuestSessionId"] = sh.Principal.SessionID
		}
		if _, err := s.Carts.Hold(ctx, tx, c, expires); err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Code != CodeInventory {
				return err
			}
			rec["State"], rec["ErrorType"], rec["ErrorTitle"], rec["ErrorDetail"] = StateFailed, CodeInventory,
				"Some products are out of stock.", he.Message
		}
		recs, err := s.Engine.Insert(ctx, tx, records.SystemFor(sh.Principal.UserID), "CartCheckoutSession",
			[]map[string]any{rec})
		if err != nil {
			return err
		}
		sess = sessionOf(recs[0])
		left = cart.LeftByStep(tx, c)
		return nil
	})
	if err != nil {
		return txErr(err)
	}
	s.Carts.KeepStep(sh, left)
	return s.writeView(w, ctx, sh, sess, nil, http.StatusAccepted)
}

// defaultAddress is the id of the effective account's default shipping address ("" when it has none).
func defaultAddress(ctx context.Context, q db.Querier, sh *storecontext.Shopper) (string, error) {
	if sh.Guest() || sh.AccountID == "" {
		return "", nil
	}
	ids, err := db.Strings(ctx, q, `SELECT id FROM contactpointaddress WHERE parentid = ? AND addresstype = 'Shipping'
		ORDER BY isdefault DESC, createddate, id LIMIT 1`, sh.AccountID)
	if err != nil || len(ids) == 0 {
		return "", err
	}
	return ids[0], nil
}

// Get is GET checkouts/{checkoutId|active}: 200 with the checkout (and its order reference once placed); 410
// when expired; 422 when its start failed or the cart changed since.
func (s *Service) Get(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	sess, c, err := s.resolve(ctx, s.DB, sh, r.PathValue("checkoutId"))
	if err != nil {
		return err
	}
	if err := check(sess, c, time.Now()); err != nil {
		return err
	}
	return s.writeView(w, ctx, sh, sess, c, http.StatusOK)
}

// step runs fn on a live checkout in a transaction holding the shopper's cart lock and the checkout's row lock.
func (s *Service) step(ctx context.Context, sh *storecontext.Shopper, ref string, durable bool,
	fn func(tx *db.Tx, sess *session, c *cart.Cart) error) (*session, error) {
	var out *session
	var left *cart.Cart
	run := s.DB.InTx
	if durable {
		run = s.DB.InDurableTx
	}
	err := records.InKeptTx(ctx, run, func(tx *db.Tx) error { // as in start
		if err := s.Carts.LockOwner(ctx, tx, sh); err != nil {
			return err
		}
		sess, c, err := s.resolve(ctx, tx, sh, ref)
		if err != nil {
			return err
		}
		records.ReadInTx(tx, sess.ID, c.ID) // what fn writes may name them: the engine need not look them up again
		s.Carts.AdoptKept(tx, sh, c)
		if err := fn(tx, sess, c); err != nil {
			return err
		}
		out = sess // as fn's writes (update) left it
		left = cart.LeftByStep(tx, c)
		return nil
	})
	if err == nil {
		s.Carts.KeepStep(sh, left)
	}
	return out, txErr(err)
}

// reprice recalculates the checkout's cart and takes the checkout along to the new revision, with more values.
func (s *Service) reprice(ctx context.Context, tx *db.Tx, sess *session, c *cart.Cart, v map[string]any) error {
	if err := s.Carts.Recalculate(ctx, tx, c); err != nil {
		return err
	}
	if v == nil {
		v = map[string]any{}
	}
	v["CartRevision"] = c.Revision
	return s.update(ctx, tx, sess, v)
}

// patchKeys are the parts a PATCH may send, one part per call.
var patchKeys = map[string]string{"contactInfo": "contact", "deliveryAddress": "shipping",
	"desiredDeliveryDate": "shipping", "shippingInstructions": "shipping", "deliveryMethodId": "method",
	"customFields": ""}

// Patch is PATCH checkouts/{checkoutId}: one part per call (contactInfo; or deliveryAddress with
// desiredDeliveryDate and shippingInstructions; or deliveryMethodId), 400 for a mixture. The address and the
// method reprice the cart; a new method clears the payment. 202 with the checkout.
func (s *Service) Patch(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &raw); err != nil {
		return err
	}
	parts := map[string]bool{}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		part, ok := patchKeys[k]
		if !ok {
			return httpx.BadRequest("JSON_PARSER_ERROR", "Unrecognized field %q in the checkout input.", httpx.Clip(k))
		}
		if part != "" {
			parts[part] = true
		}
	}
	if len(parts) != 1 {
		return httpx.BadRequest("INVALID_API_INPUT", "Send one part per call: contactInfo, or deliveryAddress "+
			"(with desiredDeliveryDate and shippingInstructions), or deliveryMethodId.")
	}
	body, _ := json.Marshal(raw)
	ctx := r.Context()
	var contact *contactInput
	var group cart.GroupInput
	switch {
	case parts["contact"]:
		if err := strictJSON(raw["contactInfo"], &contact); err != nil {
			return err
		}
		if contact == nil {
			return httpx.BadRequest("INVALID_API_INPUT", "contactInfo must be an object.")
		}
		if err := contact.check(); err != nil {
			return err
		}
	default:
		if err := strictJSON(body, &group); err != nil {
			return err
		}
		if parts["method"] && group.DeliveryMethodID == nil {
			return httpx.BadRequest("INVALID_API_INPUT", "deliveryMethodId is required.")
		}
	}
	sess, err := s.step(ctx, sh, r.PathValue("checkoutId"), false, func(tx *db.Tx, sess *session, c *cart.Cart) error {
		if err := live(sess, c); err != nil {
			return err
		}
		if contact != nil {
			return s.update(ctx, tx, sess, contact.values())
		}
		v, err := s.Carts.GroupValues(ctx, tx, sh, &group)
		if err != nil {
			return err
		}
		if id, ok := v["DeliveryMethodId"].(string); ok {
			records.ReadInTx(tx, id) // GroupValues found the (active) method in tx: the group's reference to it holds
		}
		if _, err := s.Carts.UpdateGroup(ctx, tx, c, "", v); err != nil {
			return err
		}
		var more map[string]any
		if parts["method"] { // a new charge: the payment made for the old total no longer holds
			more = map[string]any{"PaymentStatus": nil, "PaymentAuthorizationId": nil}
			if err := clearPoNumber(ctx, tx, s.Carts, c); err != nil {
				return err
			}
		}
		return s.reprice(ctx, tx, sess, c, more)
	})
	if err != nil {
		return err
	}
	return s.writeView(w, ctx, sh, sess, nil, http.StatusAccepted)
}

// contactInput is a checkout's contact information (a guest's email, last name and phone).
type contactInput struct {
	Email       string `json:"email"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	PhoneNumber string `json:"phoneNumber"`
}

func (c *contactInput) check() error {
	for _, f := range []struct {
		name, value string
		max         int
	}{{"email", c.Email, 80}, {"firstName", c.FirstName, 40}, {"lastName", c.LastName, 80}, {"phoneNumber", c.PhoneNumber, 40}} {
		if err := cart.CheckText(f.name, f.value, f.max); err != nil {
			return err
		}
	}
	if e := strings.TrimSpace(c.Email); e != "" && (!strings.Contains(e, "@") || strings.ContainsAny(e, " \t")) {
		return httpx.BadRequest("INVALID_EMAIL_ADDRESS", "email %q is not an email address.", httpx.Clip(e))
	}
	return nil
}

// values are the stored contact values; blanks are removed (stored empty).
func (c *contactInput) values() map[string]any {
	return map[string]any{"ContactEmail": cart.NilIfBlank(c.Email), "ContactFirstName": cart.NilIfBlank(c.FirstName),
		"ContactLastName": cart.NilIfBlank(c.LastName), "ContactPhone": cart.NilIfBlank(c.PhoneNumber)}
}

// strictJSON decodes a part of a body, refusing wrong types as the body decoder does.
func strictJSON(raw []byte, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return httpx.BadRequest("JSON_PARSER_ERROR", "The request body is not valid JSON: %s", err.Error())
	}
	return nil
}

// Delete is DELETE checkouts/{checkoutId}: the checkout goes, its stock holds are released and the cart is Active
// again. An ordered checkout stays as it is. 204.
func (s *Service) Delete(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	_, err = s.step(ctx, sh, r.PathValue("checkoutId"), false, func(tx *db.Tx, sess *session, c *cart.Cart) error {
		if sess.State == StateOrdered {
			return nil
		}
		if err := s.update(ctx, tx, sess, map[string]any{"State": StateArchived}); err != nil {
			return err
		}
		if c.Status == cart.StatusCheckout { // the cart's rule releases the holds of a cart leaving Checkout
			return s.Carts.SetStatus(ctx, tx, c, cart.StatusActive, nil)
		}
		return s.Carts.Release(ctx, tx, c.ID)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ApplyCoupon is POST checkouts/{id}/coupons {couponCode}: the cart's coupon path, then the checkout repriced.
// 201 with the cart's coupons.
func (s *Service) ApplyCoupon(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	var in struct {
		CouponCode string `json:"couponCode"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	var out *cart.CouponCollection
	_, err = s.step(ctx, sh, r.PathValue("checkoutId"), false, func(tx *db.Tx, sess *session, c *cart.Cart) error {
		if err := live(sess, c); err != nil {
			return err
		}
		if err := s.Carts.ApplyCouponTx(ctx, tx, c, sh.Principal.UserID, in.CouponCode); err != nil {
			return err
		}
		if err := s.reprice(ctx, tx, sess, c, nil); err != nil {
			return err
		}
		out, err = cart.Coupons(ctx, tx, c)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// RemoveCoupon is DELETE checkouts/{id}/coupons/{couponId}. 204.
func (s *Service) RemoveCoupon(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	_, err = s.step(ctx, sh, r.PathValue("checkoutId"), false, func(tx *db.Tx, sess *session, c *cart.Cart) error {
		if err := live(sess, c); err != nil {
			return err
		}
		if err := s.Carts.RemoveCouponTx(ctx, tx, c, r.PathValue("couponId")); err != nil {
			return err
		}
		return s.reprice(ctx, tx, sess, c, nil)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
