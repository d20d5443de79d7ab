package checkout

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Service runs the checkout calls.
type Service struct {
	DB     *db.DB
	Engine *records.Engine
	Carts  *cart.Service
	Log    *slog.Logger
}

// session is a CartCheckoutSession row.
type session struct {
	ID, CartID, State, ExpiresAt, ErrorType, ErrorTitle, ErrorDetail string
	Email, FirstName, LastName, Phone, PaymentStatus, PaymentAuthID  string
	OrderID, SummaryID, OrderNumber                                  string
	Revision                                                         int64
}

const sessionColumns = `id, webcartid, state, cartrevision, expiresat, errortype, errortitle, errordetail,
	contactemail, contactfirstname, contactlastname, contactphone, paymentstatus, paymentauthorizationid, orderid,
	ordersummaryid, ordernumber`

func scanSession(row interface{ Scan(...any) error }) (*session, error) {
	var s session
	var rev sql.NullInt64
	var v [14]sql.NullString
	err := row.Scan(&s.ID, &s.CartID, &s.State, &rev, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8],
		&v[9], &v[10], &v[11], &v[12])
	if err != nil {
		return nil, err
	}
	s.Revision = rev.Int64
	s.ExpiresAt, s.ErrorType, s.ErrorTitle, s.ErrorDetail = v[0].String, v[1].String, v[2].String, v[3].String
	s.Email, s.FirstName, s.LastName, s.Phone = v[4].String, v[5].String, v[6].String, v[7].String
	s.PaymentStatus, s.PaymentAuthID, s.OrderID, s.SummaryID, s.OrderNumber = v[8].String, v[9].String, v[10].String,
		v[11].String, v[12].String
	return &s, nil
}

// sessionOf is the session a records engine write answered: the row as the write left it, so a step need not read
// it again.
func sessionOf(rec *records.Record) *session {
	rev, _ := rec.Get("CartRevision").(int64)
	return &session{ID: rec.ID, CartID: rec.String("WebCartId"), State: rec.String("State"), Revision: rev,
		ExpiresAt: rec.String("ExpiresAt"), ErrorType: rec.String("ErrorType"), ErrorTitle: rec.String("ErrorTitle"),
		ErrorDetail: rec.String("ErrorDetail"), Email: rec.String("ContactEmail"),
		FirstName: rec.String("ContactFirstName"), LastName: rec.String("ContactLastName"),
		Phone: rec.String("ContactPhone"), PaymentStatus: rec.String("PaymentStatus"),
		PaymentAuthID: rec.String("PaymentAuthorizationId"), OrderID: rec.String("OrderId"),
		SummaryID: rec.String("OrderSummaryId"), OrderNumber: rec.String("OrderNumber")}
}

// shopper runs the commerce preamble; a guest checks out only where the store allows guest carts and guest checkout.
func (s *Service) shopper(r *http.Request) (*storecontext.Shopper, error) {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return nil, err
	}
	if sh.Guest() && (!sh.Store.GuestCheckoutEnabled || !sh.Store.GuestCartEnabled || sh.Principal.SessionID == "") {
		return nil, httpx.Unauthorized()
	}
	return sh, nil
}

// resolve finds the checkout a path names, and its cart: "active" (the live checkout of the shopper's current cart)
// or a checkout id of one of the shopper's carts. Anything else (malformed, unknown, someone else's, deleted) is 404.
// Read in a step's transaction (q a *db.Tx), the checkout's row is locked on PostgreSQL.
func (s *Service) resolve(ctx context.Context, q db.Querier, sh *storecontext.Shopper, ref string) (*session, *cart.Cart, error) {
	tx, forUpdate := q.(*db.Tx)
	lock := ""
	if forUpdate && s.DB.Dialect == db.Postgres {
		lock = " FOR UPDATE"
	}
	ref = strings.TrimSpace(ref)
	if strings.EqualFold(ref, "active") {
		c, err := cart.Find(ctx, q, sh.Store.ID, cart.OwnerOf(sh), cart.Current)
		if err != nil || c == nil {
			return nil, nil, notFound(ref)
		}
		sess, err := scanSession(q.QueryRow(ctx, `SELECT `+sessionColumns+` FROM cartcheckoutsession
			WHERE webcartid = ? AND state IN ('Ready', 'Failed') ORDER BY createddate DESC, id DESC LIMIT 1`+lock, c.ID))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil, notFound(ref)
		}
		return sess, c, err
	}
	id, ok := records.NormalizeID(ref)
	if !ok || records.KeyPrefix(id) != "2z9" {
		return nil, nil, notFound(ref)
	}
	var sess *session
	var err error
	if forUpdate { // through the engine, which keeps the row for the step's update of it
		var recs []*records.Record
		if recs, err = s.Engine.LockRows(ctx, tx, "CartCheckoutSession", id); err == nil && len(recs) == 0 {
			err = sql.ErrNoRows
		} else if err == nil {
			sess = sessionOf(recs[0])
		}
	} else {
		sess, err = scanSession(q.QueryRow(ctx, `SELECT `+sessionColumns+` FROM cartcheckoutsession WHERE id = ?`, id))
	}
	if errors.Is(err, sql.ErrNoRows) || (err == nil && sess.State == StateArchived) {
		return nil, nil, notFound(ref)
	}
	if err != nil {
		return nil, nil, err
	}
	// An open cart of the shopper's is found with one statement; a cart the order closed (or no cart of theirs)
	// is not, and then ownership is asked apart from the cart's state.
	if c, err := cart.Find(ctx, q, sh.Store.ID, cart.OwnerOf(sh), sess.CartID); err == nil {
		return sess, c, nil
	}
	if mine, err := s.Carts.Owns(ctx, q, sh, sess.CartID); err != nil || !mine {
		if err == nil {
			err = notFound(ref)
		}
		return nil, nil, err
	}
	c, err := cart.Reload(ctx, q, sess.CartID)
	if err != nil {
		return nil, nil, err
	}
	return sess, c, nil
}

func notFound(ref string) error {
	return httpx.NotFound("The requested resource does not exist: no checkout %q for this user.", httpx.Clip(ref))
}

// Problem is a Checkout Error (RFC 7807-like), with the errorCode and message of the plain error list as well, so
// a client reading either finds the code.
type Problem struct {
	Type              string `json:"type"`
	Title             string `json:"title"`
	Detail            string `json:"detail"`
	Instance          string `json:"instance"`
	InvalidParameters []any  `json:"invalidParameters"`
	ErrorCode         string `json:"errorCode"`
	Message           string `json:"message"`
}

// Checkout error codes (spec section 8: the client maps them).
const (
	CodeExpired      = "CHECKOUT_EXPIRED"
	CodeConflict     = "CHECKOUT_CONFLICT"
	CodeInventory    = "INSUFFICIENT_INVENTORY"
	CodeShipping     = "SHIPPING_FAILURE"
	CodePayment      = "PAYMENT_FAILURE"
	CodeContact      = "MISSING_CONTACT_INFO"
	CodeAlreadyDone  = "CHECKOUT_ALREADY_ORDERED"
	CodeNotOrderable = "CHECKOUT_NOT_READY"
)

var problemTypes = map[string]string{CodeExpired: "checkout-expired", CodeConflict: "checkout-conflict",
	CodeInventory: "insufficient-inventory", CodeShipping: "shipping-failure", CodePayment: "payment-failure",
	CodeContact: "missing-contact-info", CodeAlreadyDone: "checkout-ordered", CodeNotOrderable: "checkout-not-ready"}

// problem is an error answered with a checkout body: {checkoutId, errors: [Problem], statusCode}.
func problem(status int, checkoutID, code, title, detail string) *httpx.Error {
	p := Problem{Type: "/commerce/errors/" + problemTypes[code], Title: title, Detail: detail,
		Instance: checkoutID, InvalidParameters: []any{}, ErrorCode: code, Message: detail}
	return &httpx.Error{Status: status, Code: code, Message: detail, Body: map[string]any{"checkoutId": checkoutID,
		"errors": []Problem{p}, "statusCode": strconv.Itoa(status), "orderReferenceNumber": nil}}
}

// check says whether the checkout can go on: 410 past its expiry, 422 when its start failed or its cart changed
// since (CHECKOUT_CONFLICT). An ordered checkout passes (reads show it; writes refuse it themselves).
func check(sess *session, c *cart.Cart, now time.Time) error {
	if sess.State == StateOrdered {
		return nil
	}
	if t, err := time.Parse(records.DateTimeLayout, sess.ExpiresAt); err == nil && !now.Before(t) {
		return problem(http.StatusGone, sess.ID, CodeExpired, "The checkout has expired.",
			"The checkout is past its reservation time. Delete it and start a new one.")
	}
	if sess.State == StateFailed {
		return problem(http.StatusUnprocessableEntity, sess.ID, orElse(sess.ErrorType, CodeInventory),
			orElse(sess.ErrorTitle, "The checkout calculation failed."), sess.ErrorDetail)
	}
	// A cart changed since (a new revision), or deleted or emptied under the checkout, is no longer what it priced.
	if c.Revision != sess.Revision || (c.Status != cart.StatusCheckout && c.Status != cart.StatusProcessing) {
		return problem(http.StatusUnprocessableEntity, sess.ID, CodeConflict, "The cart changed during checkout.",
			"The cart was changed after the checkout started. Delete the checkout and start a new one.")
	}
	return nil
}

// live refuses a write to an ordered checkout, then checks it as check does.
func live(sess *session, c *cart.Cart) error {
	if sess.State == StateOrdered {
		return problem(http.StatusUnprocessableEntity, sess.ID, CodeAlreadyDone, "The order is already placed.",
			"This checkout's order is placed; start a new checkout to change anything.")
	}
	return check(sess, c, time.Now())
}

func orElse(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// writeErr turns the records engine's refusals (a field too long, a malformed email) into 400s; other errors pass.
func writeErr(err error) error {
	var we *records.WriteError
	if errors.As(err, &we) {
		return httpx.BadRequest("INVALID_API_INPUT", "%s", we.Message())
	}
	return err
}

// txErr maps a lock wait that gave up to the cart calls' 409.
func txErr(err error) error {
	if cart.IsLockTimeout(err) {
		return cart.ErrBusy
	}
	return writeErr(err)
}

// update writes values to the checkout record, and sess becomes the record as written.
func (s *Service) update(ctx context.Context, tx *db.Tx, sess *session, v map[string]any) error {
	recs, err := s.Engine.UpdateMany(ctx, tx, records.System, []records.Change{{ID: sess.ID, Values: v}}, records.UpdateOptions{})
	if err == nil {
		*sess = *sessionOf(recs[0])
	}
	return err
}

// followGroups takes the live checkout of the cart c along to c's new revision after a change of its delivery
// groups only (package cart's changeGroups): the lines and their stock holds are as they were, so the checkout
// still stands, repriced. A checkout that was already stale (started at another revision) stays stale. A payment
// made for another total no longer holds and is dropped, as a new delivery method through the checkout drops it.
func followGroups(ctx context.Context, tx *db.Tx, e *records.Engine, carts *cart.Service, c *cart.Cart,
	revision, grandTotal int64) error {
	ids, err := db.Strings(ctx, tx, `SELECT id FROM cartcheckoutsession WHERE webcartid = ? AND state = ?
		AND cartrevision = ?`, c.ID, StateReady, revision)
	if err != nil || len(ids) == 0 {
		return err
	}
	now, err := cart.Reload(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	v := map[string]any{"CartRevision": now.Revision}
	if now.Totals["grandtotalamount"] != grandTotal {
		v["PaymentStatus"], v["PaymentAuthorizationId"] = nil, nil
		if err := clearPoNumber(ctx, tx, carts, now); err != nil {
			return err
		}
	}
	changes := make([]records.Change, len(ids))
	for i, id := range ids {
		changes[i] = records.Change{ID: id, Values: v}
	}
	_, err = e.UpdateMany(ctx, tx, records.System, changes, records.UpdateOptions{})
	return err
}

// clearPoNumber drops the purchase order number a payment set on the cart c, when it has one: the payment was made
// for another total.
func clearPoNumber(ctx context.Context, tx *db.Tx, carts *cart.Service, c *cart.Cart) error {
	if c.PoNumber == "" {
		return nil // nothing to clear: writing the cart would only move its modstamp
	}
	return carts.SetStatus(ctx, tx, c, c.Status, map[string]any{"PoNumber": nil})
}
