package account

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"storefront/internal/connectapi"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// inputFields pairs the text properties of a Commerce Address Input with the ContactPointAddress fields that hold
// them. regionCode is taken for region when region is not given.
var inputFields = map[string]string{
	"addressType": "AddressType", "city": "City", "companyName": "CompanyName", "country": "Country",
	"countryCode": "CountryCode", "firstName": "FirstName", "lastName": "LastName", "middleName": "MiddleName",
	"name": "Name", "phoneNumber": "Phone", "postalCode": "PostalCode", "region": "State", "regionCode": "State",
	"street": "Street",
}

// requiredFields must hold text once an address is written: where it is, as the wire names them.
var requiredFields = []struct{ wire, field string }{{"street", "Street"}, {"city", "City"}, {"country", "Country"}}

// addressInput is a parsed Commerce Address Input: the values to write by field API name (text trimmed, nil to
// clear; IsDefault a bool) and the body's addressId.
type addressInput struct {
	values    map[string]any
	addressID string
}

// parseInput checks a Commerce Address Input body: known properties only, text or null for text, true or false
// for isDefault. NUL characters, lengths and the phone number's form are the edge's and the records engine's to
// check.
func parseInput(body map[string]any, o *records.Object) (*addressInput, error) {
	in := &addressInput{values: map[string]any{}}
	keys := make([]string, 0, len(body))
	for k := range body {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first problem reported is always the same one
	for _, k := range keys {
		v := body[k]
		switch k {
		case "isDefault":
			b, ok := v.(bool)
			if !ok && v != nil {
				return nil, connectapi.BadInput("isDefault must be true or false, not %s.", jsonType(v))
			}
			if v != nil {
				in.values["IsDefault"] = b
			}
			continue
		case "commerceAddressFieldInputList":
			if err := customFields(v, o, in.values); err != nil {
				return nil, err
			}
			continue
		}
		field, known := inputFields[k]
		if !known && k != "addressId" && k != "id" {
			return nil, connectapi.BadInput("Unrecognized field %q in the address.", httpx.Clip(k))
		}
		s, err := text(k, v)
		if err != nil {
			return nil, err
		}
		switch {
		case !known:
			in.addressID = s
		case k == "regionCode" && body["region"] != nil:
		case k == "addressType" && s != "":
			t, ok := addressType(s)
			if !ok {
				return nil, connectapi.BadInput("addressType %q must be Shipping or Billing.", httpx.Clip(s))
			}
			in.values[field] = t
		default:
			in.values[field] = nilIfBlank(s)
		}
	}
	return in, nil
}

// text reads a text property: a string (trimmed) or null ("").
func text(name string, v any) (string, error) {
	if v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", connectapi.BadInput("%s must be a string, not %s.", name, jsonType(v))
	}
	return strings.TrimSpace(s), nil
}

// customFields reads commerceAddressFieldInputList {fields: [{dataName, text}]}: values of the object's custom
// fields.
func customFields(v any, o *records.Object, into map[string]any) error {
	if v == nil {
		return nil
	}
	list, _ := v.(map[string]any)
	items, ok := list["fields"].([]any)
	if list == nil || (!ok && list["fields"] != nil) {
		return connectapi.BadInput("commerceAddressFieldInputList must be an object with a fields list.")
	}
	for _, it := range items {
		item, _ := it.(map[string]any)
		name, _ := item["dataName"].(string)
		f := o.Field(name)
		if f == nil || !f.Custom || !f.HasColumn() || f.Hidden {
			return httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity '%s'.", httpx.Clip(name), o.APIName)
		}
		s, err := text(name, item["text"])
		if err != nil {
			return err
		}
		into[f.APIName] = nilIfBlank(s)
	}
	return nil
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return "a number"
}

func nilIfBlank(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// readInput decodes and parses the request body.
func readInput(w http.ResponseWriter, r *http.Request, b *book) (*addressInput, error) {
	var body any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return nil, err
	}
	obj, ok := body.(map[string]any)
	if !ok {
		return nil, httpx.BadRequest("JSON_PARSER_ERROR", "The request body must be a JSON object.")
	}
	return parseInput(obj, b.object)
}

// CreateAddress is POST accounts/{accountId|current}/addresses: a new address of the account, 201 with it.
// street, city and country are required, and name or a first or last name (name is built from them, in the
// country's order, when not given); addressType is Shipping by default, and a Shipping address must be in one of
// the store's shipping countries. isDefault makes it the account's default of its type (the first address of a
// type is the default anyway).
func (s *Service) CreateAddress(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bookFor(r)
	if err != nil {
		return err
	}
	in, err := readInput(w, r, b)
	if err != nil {
		return err
	}
	vals := in.values
	if vals["AddressType"] == nil {
		vals["AddressType"] = "Shipping"
	}
	vals["ParentId"] = b.account
	return s.save(w, r, b, func(ctx context.Context, tx *db.Tx) (string, error) {
		if err := lockAccounts(ctx, tx, []string{b.account}); err != nil {
			return "", err
		}
		recs, err := s.Engine.Insert(ctx, tx, records.SystemFor(b.shopper.Principal.UserID), addressObject,
			[]map[string]any{vals})
		if err != nil {
			return "", writeError(err)
		}
		return recs[0].ID, nil
	})
}

// UpdateAddress is PATCH accounts/{accountId|current}/addresses/{addressId}: changes the properties given (null or
// "" clears one; street, city and country cannot be cleared) and answers with the address. The answer is 201, as
// real clients of this resource expect (contracts/commerce/SHAPES.md 2.6). A blank or missing addressId is 400
// 'addressId is required'; an addressId in the body must name the same address; an address of another account, or
// none, is 404.
func (s *Service) UpdateAddress(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bookFor(r)
	if err != nil {
		return err
	}
	raw, err := addressIDParam(r)
	if err != nil {
		return err
	}
	in, err := readInput(w, r, b)
	if err != nil {
		return err
	}
	if in.addressID != "" && !sameID(in.addressID, raw) {
		return connectapi.BadInput("The addressId in the body (%s) doesn't match the address in the path (%s).",
			httpx.Clip(in.addressID), httpx.Clip(raw))
	}
	return s.save(w, r, b, func(ctx context.Context, tx *db.Tx) (string, error) {
		old, err := s.loadAddress(ctx, tx, b, raw)
		if err != nil {
			return "", err
		}
		_, err = s.Engine.UpdateMany(ctx, tx, records.SystemFor(b.shopper.Principal.UserID),
			[]records.Change{{ID: old.ID, Values: in.values}}, records.UpdateOptions{})
		return old.ID, writeError(err)
	})
}

// save runs a write of an address in a transaction and answers 201 with the address as the write (and the hooks)
// left it. write returns the address's id.
func (s *Service) save(w http.ResponseWriter, r *http.Request, b *book,
	write func(ctx context.Context, tx *db.Tx) (string, error)) error {
	var out *Address
	ctx := forStore(r.Context(), b.shopper.Store) // the address rules check the store's shipping countries
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		id, err := write(ctx, tx)
		if err != nil {
			return err
		}
		out, err = readAddress(ctx, tx, b, id)
		return err
	})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// DeleteAddress is DELETE accounts/{accountId|current}/addresses/{addressId}: 204. When it was the default, the
// newest other address of its type becomes the default.
func (s *Service) DeleteAddress(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bookFor(r)
	if err != nil {
		return err
	}
	raw, err := addressIDParam(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.loadAddress(ctx, tx, b, raw)
		if err != nil {
			return err
		}
		return writeError(s.Engine.DeleteMany(ctx, tx, records.System, []string{old.ID}))
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// addressIDParam is the {addressId} of the path; the routes without one (".../addresses" and ".../addresses/")
// and a blank one (%20) get the storefront's own message for it.
func addressIDParam(r *http.Request) (string, error) {
	raw := strings.TrimSpace(r.PathValue("addressId"))
	if raw == "" {
		return "", httpx.BadRequest("REQUIRED_FIELD_MISSING", "addressId is required")
	}
	return raw, nil
}

func sameID(a, b string) bool {
	x, okA := records.NormalizeID(a)
	y, okB := records.NormalizeID(b)
	return okA && okB && x == y
}

// loadAddress locks the account's address book (lockAccounts) and reads the address raw names in it: 404 for an
// id that is malformed, of no address, or of another account's address, alike.
func (s *Service) loadAddress(ctx context.Context, tx *db.Tx, b *book, raw string) (*records.Record, error) {
	if err := lockAccounts(ctx, tx, []string{b.account}); err != nil {
		return nil, err
	}
	notFound := httpx.NotFound("The address %q doesn't exist.", httpx.Clip(raw))
	id, ok := records.NormalizeID(raw)
	if !ok || records.KeyPrefix(id) != b.object.KeyPrefix {
		return nil, notFound
	}
	recs, err := s.Engine.GetMany(ctx, tx, records.System, addressObject, []string{id})
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 || recs[0].String("ParentId") != b.account {
		return nil, notFound
	}
	return recs[0], nil
}

// readAddress reads one address of the book as the API sends it.
func readAddress(ctx context.Context, q db.Querier, b *book, id string) (*Address, error) {
	items, _, err := readAddresses(ctx, q, b.object, nil, `a."id" = ? AND a."parentid" = ?`, []any{id, b.account},
		`a."id"`, 1, 0)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("account: address %s vanished in its own write", id)
	}
	return &items[0], nil
}
