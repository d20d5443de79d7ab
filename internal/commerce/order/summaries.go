package order

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
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

// Service runs the order-summaries calls.
type Service struct {
	DB     *db.DB
	Engine *records.Engine
	Carts  *cart.Service
	Log    *slog.Logger
}

// Field is one requested order summary field on the wire.
type Field struct {
	DataName string  `json:"dataName"`
	DataType string  `json:"dataType"`
	Label    string  `json:"label"`
	Text     *string `json:"text"`
	Type     string  `json:"type"`
}

// Summary is the wire's Order Summary.
type Summary struct {
	CreatedDate      string           `json:"createdDate"`
	CurrencyIsoCode  string           `json:"currencyIsoCode"`
	Fields           map[string]Field `json:"fields"`
	GrandTotalAmount string           `json:"grandTotalAmount"`
	OrderNumber      string           `json:"orderNumber"`
	OrderSummaryID   string           `json:"orderSummaryId"`
	OrderedDate      *string          `json:"orderedDate"`
	OwnerID          *string          `json:"ownerId"`
	Status           string           `json:"status"`
	TotalAmount      string           `json:"totalAmount"`
}

// scope is which summaries of the effective account a call reads: those the caller owns (My), or all those they
// may read (Account; see Visible, the one rule every order call follows).
type scope struct {
	cond string
	args []any
}

// scopeFor reads ownerScope (My|Account) or ownerScoped (true|false); My by default. Guests have no order history.
func scopeFor(sh *storecontext.Shopper, q url.Values) (scope, error) {
	if sh.Guest() {
		return scope{}, httpx.Unauthorized()
	}
	mine := true
	switch v := strings.TrimSpace(q.Get("ownerScope")); {
	case strings.EqualFold(v, "Account"):
		mine = false
	case v == "" || strings.EqualFold(v, "My"):
	default:
		return scope{}, httpx.BadRequest("INVALID_API_INPUT", "ownerScope must be My or Account.")
	}
	if v := strings.TrimSpace(q.Get("ownerScoped")); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return scope{}, httpx.BadRequest("INVALID_API_INPUT", "ownerScoped must be true or false.")
		}
		mine = b
	}
	sc := scope{cond: "s.webstoreid = ?", args: []any{sh.Store.ID}}
	if sh.AccountID == "" {
		sc.cond += " AND s.accountid IS NULL"
	} else {
		sc.cond += " AND s.accountid = ?"
		sc.args = append(sc.args, sh.AccountID)
	}
	if mine {
		sc.cond += " AND s.ownerid = ?"
		sc.args = append(sc.args, sh.Principal.UserID)
	} else {
		cond, args := Visible("s", sh.Principal)
		sc.cond += " AND " + cond
		sc.args = append(sc.args, args...)
	}
	return sc, nil
}

// pageQuery selects the ids of a page of the summaries of sc in order (its limit and offset the last arguments).
func pageQuery(sc scope, order string) string {
	return `SELECT s.id FROM ordersummary s WHERE ` + sc.cond + ` ORDER BY ` + order + ` LIMIT ? OFFSET ?`
}

var sortOrders = map[string]string{"CreatedDateDesc": "s.createddate DESC, s.id DESC", "CreatedDateAsc": "s.createddate, s.id",
	"OrderedDateDesc": "s.ordereddate DESC, s.id DESC", "OrderedDateAsc": "s.ordereddate, s.id"}

// maxFields bounds the fields parameter, as the real call does.
const maxFields = 35

// List is GET order-summaries: the caller's summaries (ownerScope), created or ordered (by sortOrder) from
// earliestDate and before latestDate, sorted, a page at a time (pageSize 1-100, default 25; pageToken).
func (s *Service) List(w http.ResponseWriter, r *http.Request) error {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	sc, err := scopeFor(sh, q)
	if err != nil {
		return err
	}
	sortOrder := strings.TrimSpace(q.Get("sortOrder"))
	if sortOrder == "" {
		sortOrder = "CreatedDateDesc"
	}
	order, ok := sortOrders[sortOrder]
	if !ok {
		return httpx.BadRequest("INVALID_API_INPUT", "sortOrder must be CreatedDateAsc, CreatedDateDesc, OrderedDateAsc or OrderedDateDesc.")
	}
	dateCol := "s.createddate"
	if strings.HasPrefix(sortOrder, "Ordered") {
		dateCol = "s.ordereddate"
	}
	for _, p := range []struct{ name, op string }{{"earliestDate", " >= ?"}, {"latestDate", " < ?"}} {
		if raw := strings.TrimSpace(q.Get(p.name)); raw != "" {
			t, err := parseDate(raw)
			if err != nil {
				return httpx.BadRequest("INVALID_API_INPUT", "%s must be an ISO 8601 date and time, such as 2020-02-25T18:24:31.000Z.", p.name)
			}
			sc.cond += " AND " + dateCol + p.op
			sc.args = append(sc.args, wire.DateTime(t))
		}
	}
	size, number, err := paging(q)
	if err != nil {
		return err
	}
	cat, err := s.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	fields, err := summaryFields(cat, q.Get("fields"))
	if err != nil {
		return err
	}
	ctx := r.Context()
	ids, err := db.Strings(ctx, s.DB, pageQuery(sc, order), append(sc.args, size+1, (number-1)*size)...)
	if err != nil {
		return err
	}
	more := len(ids) > size
	if more {
		ids = ids[:size]
	}
	var count int
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM ordersummary s WHERE `+sc.cond, sc.args...).Scan(&count); err != nil {
		return err
	}
	recs, err := s.Engine.GetMany(ctx, s.DB, records.System, "OrderSummary", ids)
	if err != nil {
		return err
	}
	out := map[string]any{"count": count, "orderSummaries": summariesOf(recs, fields),
		"currentPageToken": strconv.Itoa(number), "currentPageUrl": pageURL(r.URL, number),
		"nextPageToken": nil, "nextPageUrl": nil}
	if more {
		out["nextPageToken"], out["nextPageUrl"] = strconv.Itoa(number+1), pageURL(r.URL, number+1)
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func parseDate(raw string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.000Z0700", "2006-01-02T15:04:05Z0700", records.DateLayout} {
		if t, err := time.Parse(layout, raw); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errors.New("not a date")
}

// paging reads pageSize (1-100, 25) and pageToken (the page number, opaque to clients).
func paging(q url.Values) (size, number int, err error) {
	size, number = 25, 1
	if raw := strings.TrimSpace(q.Get("pageSize")); raw != "" {
		if size, err = strconv.Atoi(raw); err != nil || size < 1 || size > 100 {
			return 0, 0, httpx.BadRequest("INVALID_API_INPUT", "pageSize must be from 1 to 100.")
		}
	}
	if raw := strings.TrimSpace(q.Get("pageToken")); raw != "" {
		if number, err = strconv.Atoi(raw); err != nil || number < 1 || number > 100000 {
			return 0, 0, httpx.BadRequest("INVALID_API_INPUT", "pageToken %q isn't a page token of this list.", httpx.Clip(raw))
		}
	}
	return size, number, nil
}

func pageURL(u *url.URL, number int) string {
	q := u.Query()
	q.Set("pageToken", strconv.Itoa(number))
	return u.Path + "?" + q.Encode()
}

// summaryFields resolves the fields parameter of the summary calls against OrderSummary (see fields.go).
func summaryFields(cat *records.Catalog, raw string) ([]*spec, error) {
	names, err := fieldNames(raw, "OrderSummary", []string{"OrderSummary"}, maxFields)
	if err != nil {
		return nil, err
	}
	return specs(cat.Object("OrderSummary"), names["OrderSummary"]), nil
}

func summariesOf(recs []*records.Record, fields []*spec) []*Summary {
	out := make([]*Summary, 0, len(recs))
	for _, rec := range recs {
		out = append(out, summaryOf(rec, fields))
	}
	return out
}

func summaryOf(rec *records.Record, fields []*spec) *Summary {
	text := func(name string) *string { return records.WireText(rec.Object.Field(name), rec.Values[name]) }
	str := func(name string) string {
		if p := text(name); p != nil {
			return *p
		}
		return ""
	}
	out := &Summary{CreatedDate: str("CreatedDate"), CurrencyIsoCode: str("CurrencyIsoCode"), Fields: map[string]Field{},
		GrandTotalAmount: str("GrandTotalAmount"), OrderNumber: str("OrderNumber"), OrderSummaryID: rec.ID,
		OrderedDate: text("OrderedDate"), OwnerID: text("OwnerId"), Status: str("Status"),
		TotalAmount: str("GrandTotalAmount")}
	out.Fields = fieldMap(fields, rec.Values)
	return out
}

func summaryNotFound(ref string) error {
	return httpx.NotFound("The requested resource does not exist: no order summary %q for this user.", httpx.Clip(ref))
}

// find resolves an order summary id or order number among the effective account's orders the caller may read
// (Visible, as the list with ownerScope=Account reads them): the detail, its items, the lookup and the reorder all
// find through it. A guest finds a guest order by its number with the order's email.
func (s *Service) find(ctx context.Context, sh *storecontext.Shopper, ref, guestEmail string) (*records.Record, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "orderSummaryIdOrRefNumber is required.")
	}
	cond, args := "s.webstoreid = ? AND (s.id = ? OR s.ordernumber = ?)", []any{sh.Store.ID, "", ref}
	if id, ok := records.NormalizeID(ref); ok && records.KeyPrefix(id) == "1Os" {
		args[1] = id
	}
	switch {
	case sh.Guest():
		if strings.TrimSpace(guestEmail) == "" {
			return nil, httpx.Unauthorized()
		}
		cond += " AND s.ownerid IS NULL AND LOWER(s.guestemail) = ?"
		args = append(args, strings.ToLower(strings.TrimSpace(guestEmail)))
	case sh.AccountID == "":
		cond += " AND s.accountid IS NULL AND s.ownerid = ?"
		args = append(args, sh.Principal.UserID)
	default:
		visible, more := Visible("s", sh.Principal)
		cond += " AND s.accountid = ? AND " + visible
		args = append(append(args, sh.AccountID), more...)
	}
	ids, err := db.Strings(ctx, s.DB, `SELECT s.id FROM ordersummary s WHERE `+cond+` LIMIT 1`, args...)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, summaryNotFound(ref)
	}
	recs, err := s.Engine.GetMany(ctx, s.DB, records.System, "OrderSummary", ids)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, summaryNotFound(ref)
	}
	return recs[0], nil
}
