package account

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/connectapi"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Address is a Commerce Address: a ContactPointAddress as the Connect API sends it. Text is null when empty.
// countryCode and regionCode belong to API versions 54 to 58 and are not sent; name is the record's name.
type Address struct {
	AddressID   string             `json:"addressId"`
	AddressType string             `json:"addressType"`
	City        *string            `json:"city"`
	CompanyName *string            `json:"companyName"`
	Country     *string            `json:"country"`
	Fields      map[string]*string `json:"fields"`
	FirstName   *string            `json:"firstName"`
	IsDefault   bool               `json:"isDefault"`
	LastName    *string            `json:"lastName"`
	MiddleName  *string            `json:"middleName"`
	Name        *string            `json:"name"`
	PhoneNumber *string            `json:"phoneNumber"`
	PostalCode  *string            `json:"postalCode"`
	Region      *string            `json:"region"`
	Street      *string            `json:"street"`
}

// addressCollection is the Commerce Address Collection. count is the number of addresses that match, over all
// pages; page tokens are page numbers, opaque to clients.
type addressCollection struct {
	Count             int       `json:"count"`
	CurrentPageToken  *string   `json:"currentPageToken"`
	CurrentPageURL    *string   `json:"currentPageUrl"`
	Items             []Address `json:"items"`
	NextPageToken     *string   `json:"nextPageToken"`
	NextPageURL       *string   `json:"nextPageUrl"`
	PageSize          int       `json:"pageSize"`
	PreviousPageToken *string   `json:"previousPageToken"`
	PreviousPageURL   *string   `json:"previousPageUrl"`
	SortOrder         string    `json:"sortOrder"`
}

// addressFields are the ContactPointAddress fields an Address is made of, in the order they are selected.
var addressFields = []string{"Id", "AddressType", "City", "CompanyName", "Country", "FirstName", "IsDefault",
	"LastName", "MiddleName", "Name", "Phone", "PostalCode", "State", "Street"}

// addressSorts are the sortOrder values and their SQL; ties fall to the id, so pages never overlap.
var addressSorts = map[string]string{
	"CreatedDateDesc": `a."createddate" DESC, a."id" DESC`,
	"CreatedDateAsc":  `a."createddate", a."id"`,
	"NameAsc":         `LOWER(a."name"), a."id"`,
	"NameDesc":        `LOWER(a."name") DESC, a."id" DESC`,
}

// Page sizes of the Connect API: 1 to 100, 25 by default.
const (
	defaultPageSize = 25
	maxPageSize     = 100
)

// book is the address book a call works on: the caller and the account whose addresses they are.
type book struct {
	shopper *storecontext.Shopper
	account string
	object  *records.Object
}

// bookFor runs the commerce preamble and resolves {accountId}: "current" (or blank) is the effective account, the
// buyer's own when no effectiveAccountId is given; another id must name an account the caller acts for (403).
// Guests, and staff who belong to no account, have no address book: 403 'CPA disabled'.
func (s *Service) bookFor(r *http.Request) (*book, error) {
	sh, err := s.shopper(r)
	if err != nil {
		return nil, err
	}
	if sh.Guest() {
		return nil, cpaDisabled()
	}
	account := sh.AccountID
	if raw := strings.TrimSpace(r.PathValue("accountId")); raw != "" && !strings.EqualFold(raw, "current") {
		id, ok := records.NormalizeID(raw)
		if !ok || records.KeyPrefix(id) != "001" {
			return nil, httpx.BadRequest("INVALID_ID_FIELD", "accountId %q is not a valid account id.", httpx.Clip(raw))
		}
		ok, err := storecontext.ActsFor(r.Context(), s.DB, sh.Principal, id)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, httpx.Forbidden("You don't have access to the account %q.", raw)
		}
		account = id
	}
	if account == "" {
		return nil, cpaDisabled()
	}
	cat, err := s.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	return &book{shopper: sh, account: account, object: cat.Object(addressObject)}, nil
}

// listQuery is what GET addresses asks for.
type listQuery struct {
	types                  []string
	addressID              string
	defaultOnly, supported bool
	defaultFirst           bool
	sort                   string
	pageSize, page         int
	fields                 []*records.Field
}

// Addresses is GET accounts/{accountId|current}/addresses: a page of the account's addresses. Parameters:
// addressType (Shipping, Billing or both, comma-separated), addressId, defaultOnly (false), excludeUnsupportedCountries
// (false, as in the Connect API: true drops the Shipping addresses outside the store's shipping countries; Billing
// addresses stay), shouldShowDefaultAddrFirst (true: the defaults lead, then sortOrder), sortOrder (CreatedDateDesc,
// CreatedDateAsc, NameAsc, NameDesc), pageSize (1 to 100, 25 by default; 0 is refused with 'CPA disabled', the
// storefront's own word for it), pageToken, and fields (more ContactPointAddress fields for each item's fields).
func (s *Service) Addresses(w http.ResponseWriter, r *http.Request) error {
	b, err := s.bookFor(r)
	if err != nil {
		return err
	}
	q, err := parseListQuery(r, b, s.Engine)
	if err != nil {
		return err
	}
	where := []string{`a."parentid" = ?`}
	args := []any{b.account}
	if len(q.types) == 1 {
		where, args = append(where, `a."addresstype" = ?`), append(args, q.types[0])
	}
	if q.addressID != "" {
		where, args = append(where, `a."id" = ?`), append(args, q.addressID)
	}
	if q.defaultOnly {
		where, args = append(where, `a."isdefault" = ?`), append(args, true)
	}
	if q.supported {
		codes := make([]string, len(b.shopper.Store.ShippingCountries))
		for i, c := range b.shopper.Store.ShippingCountries {
			codes[i] = strings.ToUpper(c)
		}
		in, inArgs := db.InList(codes)
		where = append(where, `(a."addresstype" <> 'Shipping' OR a."countrycode" IN (`+in+`))`)
		args = append(args, inArgs...)
	}
	order := addressSorts[q.sort]
	if q.defaultFirst {
		order = `a."isdefault" DESC, ` + order
	}
	ctx := r.Context()
	items, count, err := readAddresses(ctx, s.DB, b.object, q.fields, strings.Join(where, " AND "), args, order,
		q.pageSize, (q.page-1)*q.pageSize)
	if err != nil {
		return err
	}
	out := &addressCollection{Count: count, Items: items, PageSize: q.pageSize, SortOrder: q.sort}
	setPageLinks(out, r.URL, q.page, (count+q.pageSize-1)/q.pageSize)
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func parseListQuery(r *http.Request, b *book, e *records.Engine) (*listQuery, error) {
	v := connectapi.NewQuery(r)
	q := &listQuery{sort: "CreatedDateDesc", page: 1}
	for _, t := range v.List("addressType") {
		typ, ok := addressType(t)
		if !ok {
			return nil, connectapi.BadInput("addressType %q must be Shipping or Billing.", httpx.Clip(t))
		}
		if !slices.Contains(q.types, typ) {
			q.types = append(q.types, typ)
		}
	}
	if raw := strings.TrimSpace(v.Get("addressId")); raw != "" {
		id, ok := records.NormalizeID(raw)
		if !ok {
			return nil, httpx.BadRequest("INVALID_ID_FIELD", "addressId %q is not a valid id.", httpx.Clip(raw))
		}
		q.addressID = id
	}
	var err error
	for _, p := range []struct {
		name string
		into *bool
		def  bool
	}{{"defaultOnly", &q.defaultOnly, false}, {"excludeUnsupportedCountries", &q.supported, false},
		{"shouldShowDefaultAddrFirst", &q.defaultFirst, true}} {
		if *p.into, err = v.Bool(p.name, p.def); err != nil {
			return nil, err
		}
	}
	if raw := strings.TrimSpace(v.Get("sortOrder")); raw != "" {
		if _, ok := addressSorts[raw]; !ok {
			return nil, connectapi.BadInput("sortOrder %q must be one of CreatedDateDesc, CreatedDateAsc, NameAsc, NameDesc.", httpx.Clip(raw))
		}
		q.sort = raw
	}
	if q.pageSize, err = v.Int("pageSize", defaultPageSize); err != nil {
		return nil, err
	}
	switch {
	case q.pageSize == 0:
		return nil, connectapi.BadInput("CPA disabled")
	case q.pageSize < 1 || q.pageSize > maxPageSize:
		return nil, connectapi.BadInput("pageSize must be from 1 through %d.", maxPageSize)
	}
	if raw := strings.TrimSpace(v.Get("pageToken")); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 100000 {
			return nil, connectapi.BadInput("pageToken %q is not a page token of this list.", httpx.Clip(raw))
		}
		q.page = n
	}
	q.fields, err = fieldList(e, b.object, b.shopper.Principal, v.Get("fields"))
	return q, err
}

// addressType is the canonical spelling of an address type.
func addressType(s string) (string, bool) {
	for _, t := range []string{"Shipping", "Billing"} {
		if strings.EqualFold(strings.TrimSpace(s), t) {
			return t, true
		}
	}
	return "", false
}

// readAddresses reads a page of the addresses matching where (over contactpointaddress aliased a) in order, and
// the number of addresses matching over all pages: one query (two for a page past the end).
func readAddresses(ctx context.Context, q db.Querier, o *records.Object, extra []*records.Field, where string,
	args []any, order string, limit, offset int) ([]Address, int, error) {
	fields := make([]*records.Field, 0, len(addressFields)+len(extra))
	cols := make([]string, 0, cap(fields))
	for _, name := range addressFields {
		fields = append(fields, o.Field(name))
	}
	fields = append(fields, extra...)
	for _, f := range fields {
		cols = append(cols, `a.`+db.Ident(f.Column()))
	}
	rows, err := q.Query(ctx, `SELECT `+strings.Join(cols, ", ")+`, COUNT(*) OVER () FROM contactpointaddress a
		WHERE `+where+` ORDER BY `+order+` LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	items := []Address{}
	var count int
	raw := make([]any, len(fields))
	dest := make([]any, len(raw), len(raw)+1)
	for i := range raw {
		dest[i] = &raw[i]
	}
	dest = append(dest, &count)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, 0, err
		}
		vals := make(map[string]*string, len(fields))
		for i, f := range fields {
			vals[f.APIName] = records.WireText(f, raw[i])
		}
		items = append(items, toAddress(vals, extra))
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(items) == 0 && offset > 0 { // a page past the end: the total still counts
		err = q.QueryRow(ctx, `SELECT COUNT(*) FROM contactpointaddress a WHERE `+where, args...).Scan(&count)
	}
	return items, count, err
}

// toAddress builds an Address from the wire text of its fields, keyed by API name.
func toAddress(vals map[string]*string, extra []*records.Field) Address {
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	a := Address{AddressID: str(vals["Id"]), AddressType: str(vals["AddressType"]), City: vals["City"],
		CompanyName: vals["CompanyName"], Country: vals["Country"], FirstName: vals["FirstName"],
		IsDefault: str(vals["IsDefault"]) == "true", LastName: vals["LastName"], MiddleName: vals["MiddleName"],
		Name: vals["Name"], PhoneNumber: vals["Phone"], PostalCode: vals["PostalCode"], Region: vals["State"],
		Street: vals["Street"], Fields: make(map[string]*string, len(extra))}
	for _, f := range extra {
		a.Fields[f.APIName] = vals[f.APIName]
	}
	return a
}

// setPageLinks fills the page tokens and URLs of page number of pages.
func setPageLinks(out *addressCollection, u *url.URL, number, pages int) {
	link := func(n int) (*string, *string) {
		q := u.Query()
		q.Set("pageToken", strconv.Itoa(n))
		q.Set("pageSize", strconv.Itoa(out.PageSize))
		tok, path := strconv.Itoa(n), u.Path+"?"+q.Encode()
		return &tok, &path
	}
	out.CurrentPageToken, out.CurrentPageURL = link(number)
	if number < pages {
		out.NextPageToken, out.NextPageURL = link(number + 1)
	}
	if number > 1 {
		out.PreviousPageToken, out.PreviousPageURL = link(number - 1)
	}
}
