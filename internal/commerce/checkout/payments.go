package checkout

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
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

// The built-in test card gateway. POST payments/token checks a card (Luhn, expiry, CVV) and answers a random
// token; only the brand, the last four digits, the expiry and the holder's name are stored with it, never the
// number or the CVV. Test cards: 4111111111111111 is approved, 4000000000000002 is declined when authorized.

// declinedCard is the test card the gateway declines.
const declinedCard = "4000000000000002"

type cardInput struct {
	CardHolderName string `json:"cardHolderName"`
	CardNumber     string `json:"cardNumber"`
	Cvv            any    `json:"cvv"` // a string or a number: clients send either
	ExpiryMonth    any    `json:"expiryMonth"`
	ExpiryYear     any    `json:"expiryYear"`
	CardType       string `json:"cardType"`
}

// Token is POST payments/token {cardPaymentMethod: {cardHolderName, cardNumber, cvv, expiryMonth, expiryYear}}:
// 201 {token}. A card that fails its checks is 400 and nothing is stored.
func (s *Service) Token(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	var in struct {
		CardPaymentMethod *cardInput `json:"cardPaymentMethod"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	card := in.CardPaymentMethod
	if card == nil {
		return httpx.BadRequest("INVALID_API_INPUT", "cardPaymentMethod is required.")
	}
	number := strings.NewReplacer(" ", "", "-", "").Replace(card.CardNumber)
	month, year, err := card.expiry(time.Now().UTC())
	if err != nil {
		return err
	}
	switch {
	case len(number) < 12 || len(number) > 19 || strings.Trim(number, "0123456789") != "" || !luhn(number):
		return httpx.BadRequest("INVALID_CARD", "The card number isn't valid.")
	case !validCvv(card.cvv()):
		return httpx.BadRequest("INVALID_CARD", "The card's security code (CVV) must be 3 or 4 digits.")
	}
	if err := cart.CheckText("cardHolderName", card.CardHolderName, 255); err != nil {
		return err
	}
	result := "Approve"
	if number == declinedCard {
		result = "Decline"
	}
	token := "tok_" + randomHex(16)
	rec := map[string]any{"CardHolderName": cart.NilIfBlank(card.CardHolderName), "CardType": brand(number),
		"CardLastFour": number[len(number)-4:], "ExpiryMonth": month, "ExpiryYear": year, "GatewayToken": token,
		"GatewayResult": result}
	if sh.Guest() {
		rec["GuestSessionId"] = sh.Principal.SessionID
	}
	err = s.DB.InTx(r.Context(), func(tx *db.Tx) error {
		_, err := s.Engine.Insert(r.Context(), tx, records.SystemFor(sh.Principal.UserID), "CardPaymentMethod",
			[]map[string]any{rec})
		return err
	})
	if err != nil {
		return writeErr(err)
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"token": token, "errors": []any{}})
	return nil
}

// expiry reads the card's month and year (numbers or strings; two-digit years are 20xx) and refuses a past one.
func (c *cardInput) expiry(now time.Time) (month, year int, err error) {
	num := func(v any) int {
		switch x := v.(type) {
		case json.Number:
			n, _ := strconv.Atoi(x.String())
			return n
		case string:
			n, _ := strconv.Atoi(strings.TrimSpace(x))
			return n
		}
		return 0
	}
	month, year = num(c.ExpiryMonth), num(c.ExpiryYear)
	if year > 0 && year < 100 {
		year += 2000
	}
	if month < 1 || month > 12 || year < 2000 || year > 2100 {
		return 0, 0, httpx.BadRequest("INVALID_CARD", "expiryMonth (1-12) and expiryYear are required.")
	}
	if year < now.Year() || (year == now.Year() && month < int(now.Month())) {
		return 0, 0, httpx.BadRequest("INVALID_CARD", "The card has expired.")
	}
	return month, year, nil
}

// cvv is the security code as sent, a JSON string or number ("" for anything else).
func (c *cardInput) cvv() string {
	switch x := c.Cvv.(type) {
	case json.Number:
		return x.String()
	case string:
		return strings.TrimSpace(x)
	}
	return ""
}

func validCvv(cvv string) bool {
	return len(cvv) >= 3 && len(cvv) <= 4 && strings.Trim(cvv, "0123456789") == ""
}

// luhn checks a card number's check digit.
func luhn(number string) bool {
	sum := 0
	for i := 0; i < len(number); i++ {
		d := int(number[len(number)-1-i] - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

func brand(number string) string {
	switch {
	case number[0] == '4':
		return "Visa"
	case number[0] == '5':
		return "MasterCard"
	case strings.HasPrefix(number, "34"), strings.HasPrefix(number, "37"):
		return "AmericanExpress"
	case strings.HasPrefix(number, "6"):
		return "Discover"
	}
	return "Other"
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// paymentInput is the Checkout Payment input.
type paymentInput struct {
	PaymentToken   string `json:"paymentToken"`
	RequestType    string `json:"requestType"`
	BillingAddress *struct {
		Name       string `json:"name"`
		Street     string `json:"street"`
		City       string `json:"city"`
		Region     string `json:"region"`
		PostalCode string `json:"postalCode"`
		Country    string `json:"country"`
	} `json:"billingAddress"`
	PaymentsData          string `json:"paymentsData"`
	RegistrationAccountID string `json:"registrationAccountId"`
}

// PaymentResult is the Checkout Payment answer.
type PaymentResult struct {
	Errors               []Problem `json:"errors"`
	PaymentData          *string   `json:"paymentData"`
	SalesforceResultCode string    `json:"salesforceResultCode"`
}

// Pay is POST checkouts/{id}/payments. SimplePurchaseOrder takes paymentToken as the PO number (set on the cart);
// Auth and PostAuth authorize the cart's grand total on a token of payments/token (the test gateway approves or
// declines); ClientRequest answers the data a client-side payment form needs. 201 with salesforceResultCode. A
// retried request (same Idempotency-Key header, or the same checkout revision, type and token) answers the first
// one's result without authorizing again.
func (s *Service) Pay(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	var in paymentInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	in.PaymentToken = strings.TrimSpace(in.PaymentToken)
	switch in.RequestType {
	case "Auth", "PostAuth", "SimplePurchaseOrder":
		if in.PaymentToken == "" {
			return httpx.BadRequest("INVALID_API_INPUT", "paymentToken is required for %s.", in.RequestType)
		}
	case "ClientRequest":
	default:
		return httpx.BadRequest("INVALID_API_INPUT", "requestType must be Auth, PostAuth, SimplePurchaseOrder or ClientRequest.")
	}
	if err := cart.CheckText("paymentToken", in.PaymentToken, 80); err != nil {
		return err
	}
	if b := in.BillingAddress; b != nil {
		for _, f := range [][2]string{{"name", b.Name}, {"street", b.Street}, {"city", b.City}, {"region", b.Region},
			{"postalCode", b.PostalCode}, {"country", b.Country}} {
			if err := cart.CheckText("billingAddress."+f[0], f[1], 255); err != nil {
				return err
			}
		}
		if strings.TrimSpace(b.Name) == "" {
			return httpx.BadRequest("INVALID_API_INPUT", "billingAddress.name (first and last name together) is required.")
		}
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if err := cart.CheckText("Idempotency-Key", key, 120); err != nil {
		return err
	}
	ctx := r.Context()
	var out PaymentResult
	moved := false // the prices changed since the checkout started: no payment for an amount the buyer wasn't shown
	sess, err := s.step(ctx, sh, r.PathValue("checkoutId"), true, func(tx *db.Tx, sess *session, c *cart.Cart) error {
		if err := live(sess, c); err != nil {
			return err
		}
		var err error
		if moved, err = s.repriced(ctx, tx, c, true); err != nil || moved {
			return err
		}
		if in.RequestType == "ClientRequest" {
			data := `{"gateway":"storefront-test","tokenizeUrl":"payments/token","amount":"` +
				wire.Money(c.Totals["grandtotalamount"], 2) + `","currencyIsoCode":"` + c.Currency + `"}`
			out = PaymentResult{Errors: []Problem{}, PaymentData: &data, SalesforceResultCode: "Success"}
			return nil
		}
		ikey := sess.ID + ":" + key
		if key == "" {
			sum := sha256.Sum256([]byte(in.RequestType + "\x00" + in.PaymentToken))
			ikey = sess.ID + ":" + strconv.FormatInt(sess.Revision, 10) + ":" + hex.EncodeToString(sum[:12])
		}
		var code string
		err = tx.QueryRow(ctx, `SELECT resultcode FROM paymentauthorization WHERE idempotencykey = ?`, ikey).Scan(&code)
		if err == nil {
			out = result(code)
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		out, err = s.authorize(ctx, tx, sh, sess, c, &in, ikey)
		return err
	})
	if err == nil && moved {
		err = pricesChanged(sess.ID)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func result(code string) PaymentResult {
	out := PaymentResult{Errors: []Problem{}, SalesforceResultCode: code}
	if code == "Decline" {
		p := problem(http.StatusPaymentRequired, "", CodePayment, "The payment was declined.",
			"The card was declined. Use another card or payment method.").Body.(map[string]any)["errors"].([]Problem)
		out.Errors = p
	}
	return out
}

// authorize records the payment: a PO number on the cart, or the gateway's answer for a card token.
func (s *Service) authorize(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, sess *session, c *cart.Cart,
	in *paymentInput, ikey string) (PaymentResult, error) {
	rec := map[string]any{"CartCheckoutSessionId": sess.ID, "RequestType": in.RequestType, "Status": "Processed",
		"ResultCode": "Success", "Amount": wire.Money(c.Totals["grandtotalamount"], 2),
		"CurrencyIsoCode": c.Currency, "IdempotencyKey": ikey, "GatewayRefNumber": "ref_" + randomHex(8)}
	if b := in.BillingAddress; b != nil {
		rec["BillingName"], rec["BillingStreet"], rec["BillingCity"] = cart.NilIfBlank(b.Name), cart.NilIfBlank(b.Street), cart.NilIfBlank(b.City)
		rec["BillingState"], rec["BillingPostalCode"], rec["BillingCountry"] = cart.NilIfBlank(b.Region), cart.NilIfBlank(b.PostalCode), cart.NilIfBlank(b.Country)
	}
	status := "PurchaseOrder"
	if in.RequestType == "SimplePurchaseOrder" {
		rec["PoNumber"] = in.PaymentToken
		if err := s.Carts.SetStatus(ctx, tx, c, c.Status, map[string]any{"PoNumber": in.PaymentToken}); err != nil {
			return PaymentResult{}, err
		}
	} else {
		status = "Authorized"
		var id, gateway string
		var guest sql.NullString
		var owner sql.NullString
		err := tx.QueryRow(ctx, `SELECT id, gatewayresult, ownerid, guestsessionid FROM cardpaymentmethod
			WHERE gatewaytoken = ?`, in.PaymentToken).Scan(&id, &gateway, &owner, &guest)
		mine := err == nil && ((sh.Guest() && guest.String == sh.Principal.SessionID) ||
			(!sh.Guest() && owner.String == sh.Principal.UserID))
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !mine) {
			return PaymentResult{}, httpx.BadRequest("INVALID_API_INPUT", "The paymentToken isn't a token of this gateway.")
		}
		if err != nil {
			return PaymentResult{}, err
		}
		rec["PaymentMethodId"] = id
		if gateway == "Decline" {
			rec["Status"], rec["ResultCode"] = "Failed", "Decline"
		}
	}
	recs, err := s.Engine.Insert(ctx, tx, records.System, "PaymentAuthorization", []map[string]any{rec})
	if err != nil {
		return PaymentResult{}, err
	}
	if rec["ResultCode"] == "Success" {
		if err := s.update(ctx, tx, sess, map[string]any{"PaymentStatus": status,
			"PaymentAuthorizationId": recs[0].ID}); err != nil {
			return PaymentResult{}, err
		}
	}
	return result(rec["ResultCode"].(string)), nil
}
