package cart

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// AddressInput is a delivery address as the checkout and delivery-group calls send it: an address book entry by
// id (id or addressId: a ContactPointAddress of the buyer's accounts) or a full address. phoneNumber is sent as
// shipToPhoneNumber by some clients.
type AddressInput struct {
	ID                string `json:"id"`
	AddressID         string `json:"addressId"`
	Name              string `json:"name"`
	FirstName         string `json:"firstName"`
	LastName          string `json:"lastName"`
	CompanyName       string `json:"companyName"`
	Street            string `json:"street"`
	City              string `json:"city"`
	Region            string `json:"region"`
	PostalCode        string `json:"postalCode"`
	Country           string `json:"country"`
	PhoneNumber       string `json:"phoneNumber"`
	ShipToPhoneNumber string `json:"shipToPhoneNumber"`
}

// Address is a delivery address on the wire (Checkout Address).
type Address struct {
	ID          *string `json:"id"`
	Name        string  `json:"name"`
	FirstName   string  `json:"firstName"`
	LastName    string  `json:"lastName"`
	CompanyName string  `json:"companyName"`
	Street      string  `json:"street"`
	City        string  `json:"city"`
	Region      string  `json:"region"`
	PostalCode  string  `json:"postalCode"`
	Country     string  `json:"country"`
	PhoneNumber string  `json:"phoneNumber"`
}

// Resolve turns the input into the delivery group's values: an address given by id is read in tx through the records
// engine as the shopper (so only an address of an account they may see is found; guests have no address book),
// a full address is checked (street, city and a country the store ships to; no control characters; lengths).
func (in *AddressInput) Resolve(ctx context.Context, e *records.Engine, tx *db.Tx, sh *storecontext.Shopper) (map[string]any, error) {
	id := strings.TrimSpace(in.ID)
	if id == "" {
		id = strings.TrimSpace(in.AddressID)
	}
	if id != "" {
		full, ok := records.NormalizeID(id)
		if sh.Guest() || !ok {
			return nil, addressNotFound(id)
		}
		recs, err := e.GetMany(ctx, tx, sh.Principal, "ContactPointAddress", []string{full})
		if errors.Is(err, records.ErrNotFound) || (err == nil && len(recs) == 0) {
			return nil, addressNotFound(id)
		}
		if err != nil {
			return nil, err
		}
		rec := recs[0]
		records.ReadInTx(tx, rec.ID) // read from its table in tx: the group's reference to it holds
		// A delivery address is a shipping address: the Checkout Input's deliveryAddress is the "shipping address
		// for the checkout", and the storefront's picker lists the account's addresses of type Shipping. A
		// Billing address of the book is refused wherever a delivery group takes an address (checkout start and
		// PATCH, the delivery-group calls), so checkout and picker follow one rule.
		if t := rec.String("AddressType"); t != "Shipping" {
			return nil, httpx.BadRequest("INVALID_API_INPUT",
				"The address %s is a %s address: a delivery address must be a Shipping address.", rec.ID, t)
		}
		in = &AddressInput{Name: rec.String("Name"), FirstName: rec.String("FirstName"),
			LastName: rec.String("LastName"), CompanyName: rec.String("CompanyName"), Street: rec.String("Street"),
			City: rec.String("City"), Region: rec.String("State"), PostalCode: rec.String("PostalCode"),
			Country: orElse(rec.String("CountryCode"), rec.String("Country")), PhoneNumber: rec.String("Phone")}
		v, err := in.values(sh)
		if err == nil {
			v["ContactPointAddressId"] = rec.ID
		}
		return v, err
	}
	v, err := in.values(sh)
	if err == nil {
		v["ContactPointAddressId"] = nil
	}
	return v, err
}

func (in *AddressInput) values(sh *storecontext.Shopper) (map[string]any, error) {
	phone := orElse(in.PhoneNumber, in.ShipToPhoneNumber)
	for _, f := range []struct {
		name, value string
		max         int
	}{{"name", in.Name, 255}, {"firstName", in.FirstName, 40}, {"lastName", in.LastName, 80},
		{"companyName", in.CompanyName, 255}, {"street", in.Street, 1000}, {"city", in.City, 40},
		{"region", in.Region, 80}, {"postalCode", in.PostalCode, 20}, {"country", in.Country, 80},
		{"phoneNumber", phone, 40}} {
		if err := CheckText(f.name, f.value, f.max); err != nil {
			return nil, err
		}
	}
	// Street, city and a country the store ships to: the CartDeliveryGroup rule (checkGroups) checks them.
	country := orElse(countryCode(in.Country), strings.TrimSpace(in.Country))
	name := strings.TrimSpace(in.Name)
	if name == "" {
		name = storecontext.FullName(in.FirstName, in.LastName, country)
	}
	return map[string]any{"DeliverToName": nilIfBlank(name), "DeliverToFirstName": nilIfBlank(in.FirstName),
		"DeliverToLastName": nilIfBlank(in.LastName), "CompanyName": nilIfBlank(in.CompanyName),
		"DeliverToStreet": strings.TrimSpace(in.Street), "DeliverToCity": strings.TrimSpace(in.City),
		"DeliverToState": nilIfBlank(in.Region), "DeliverToPostalCode": nilIfBlank(in.PostalCode),
		"DeliverToCountry": country, "DeliverToPhone": nilIfBlank(phone)}, nil
}

// CheckText refuses request text that is too long or holds control characters (NUL included) with a 400 naming
// the field.
func CheckText(field, s string, max int) error {
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' }) {
		return httpx.BadRequest("INVALID_API_INPUT", "%s holds characters that aren't allowed.", field)
	}
	if utf8.RuneCountInString(s) > max {
		return httpx.BadRequest("INVALID_API_INPUT", "%s is longer than %d characters.", field, max)
	}
	return nil
}

// NilIfBlank is the trimmed text, or nil (no value) for blank text.
func NilIfBlank(s string) any { return nilIfBlank(s) }

func nilIfBlank(s string) any {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return nil
}

func addressNotFound(id string) error {
	return httpx.Errorf(http.StatusNotFound, "NOT_FOUND", "The requested resource does not exist: no address %q.", httpx.Clip(id))
}
