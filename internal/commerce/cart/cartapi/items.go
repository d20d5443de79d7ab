package cartapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/cart/pagecache"
	"storefront/internal/commerce/catalog"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The calls on a cart's lines: a page of them, adding one or a batch, changing a quantity, removing a line.

// ItemCollection is the Cart Item Collection (GET cart-items).
type ItemCollection struct {
	CartCoupons         *cart.CouponCollection    `json:"cartCoupons,omitempty"`
	CartItems           []cart.ItemResult         `json:"cartItems"`
	CartPromotions      *cart.PromotionCollection `json:"cartPromotions,omitempty"`
	CartSummary         *cart.Summary             `json:"cartSummary"`
	CurrentPage         int                       `json:"currentPage"`
	CurrentPageToken    *string                   `json:"currentPageToken"`
	CurrentPageURL      *string                   `json:"currentPageUrl"`
	HasErrors           bool                      `json:"hasErrors"`
	NextPageToken       *string                   `json:"nextPageToken"`
	NextPageURL         *string                   `json:"nextPageUrl"`
	PreviousPageToken   *string                   `json:"previousPageToken"`
	PreviousPageURL     *string                   `json:"previousPageUrl"`
	TotalItemCount      int                       `json:"totalItemCount"`
	TotalNumberOfPages  int                       `json:"totalNumberOfPages"`
	ApproachingDiscount []any                     `json:"approachingDiscounts"`
}

// Items is GET carts/{cartStateOrId}/cart-items: a page of the cart's lines (sort, pageNumber or page token,
// pageSize 1-100 default 25, productFields), with the summary, and the promotions and coupons when asked. The
// encoded page is kept per cart state and request (package pagecache).
func (h *Handlers) Items(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	number, size, err := page(q)
	if err != nil {
		return err
	}
	sortBy := strings.TrimSpace(q.Get("sort"))
	if sortBy == "" {
		sortBy = "CreatedDateDesc"
	}
	if !cart.SortOrder(sortBy) {
		return httpx.BadRequest("INVALID_API_INPUT", "sort %q must be one of CreatedDateAsc, CreatedDateDesc, NameAsc, "+
			"NameDesc, SalesPriceAsc, SalesPriceDesc.", httpx.Clip(sortBy))
	}
	ctx := r.Context()
	cat, err := h.Carts.Engine.Catalog(ctx)
	if err != nil {
		return err
	}
	fields, err := productFieldList(cat, q.Get("productFields"))
	if err != nil {
		return err
	}
	c, err := h.Carts.Open(ctx, sh, cartRef(r))
	if err != nil {
		return err
	}
	noStore(w)
	out := &ItemCollection{CartItems: []cart.ItemResult{}, CurrentPage: number, ApproachingDiscount: []any{}}
	if c == nil {
		out.CartSummary = emptySummary(sh)
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	}
	d := h.Carts.DB
	key := pagecache.Key{Cart: c.State(), Path: r.URL.Path, Query: r.URL.RawQuery, Currency: sh.Store.DefaultCurrency,
		Metadata: d.Version(db.Metadata)}
	body, err := pagecache.Get(d, key, c.KeepsPages(), func() ([]byte, error) {
		return h.itemsPage(r, c, out, key.Currency, sortBy, size, fields)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSONBytes(w, h.processingStatus(w, c, http.StatusOK), body)
	return nil
}

// itemsPage builds and encodes a page of the cart's lines (Items).
func (h *Handlers) itemsPage(r *http.Request, c *cart.Cart, out *ItemCollection, currency, sort string, size int,
	fields []*records.Field) ([]byte, error) {
	ctx, q, number := r.Context(), r.URL.Query(), out.CurrentPage
	out.CartSummary = cart.SummaryOf(c, currency)
	items, count, err := h.Carts.ItemsPage(ctx, c, sort, number, size, fields)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		out.CartItems = append(out.CartItems, cart.ItemResult{CartItem: it, Status: "Success"})
	}
	out.TotalItemCount, out.TotalNumberOfPages = count, (count+size-1)/size
	setPageLinks(out, r.URL, number, size)
	if q.Get("includePromotions") == "true" {
		if out.CartPromotions, err = cart.Promotions(ctx, h.Carts.DB, c); err != nil {
			return nil, err
		}
	}
	if q.Get("includeCoupons") == "true" {
		if out.CartCoupons, err = cart.Coupons(ctx, h.Carts.DB, c); err != nil {
			return nil, err
		}
	}
	return httpx.EncodeJSON(out), nil
}

// setPageLinks fills the page tokens and URLs: a token is the page number.
func setPageLinks(out *ItemCollection, u *url.URL, number, size int) {
	link := func(n int) (*string, *string) {
		q := u.Query()
		q.Del("pageNumber")
		q.Set("page", strconv.Itoa(n))
		q.Set("pageSize", strconv.Itoa(size))
		tok, path := strconv.Itoa(n), u.Path+"?"+q.Encode()
		return &tok, &path
	}
	out.CurrentPageToken, out.CurrentPageURL = link(number)
	if number < out.TotalNumberOfPages {
		out.NextPageToken, out.NextPageURL = link(number + 1)
	}
	if number > 1 {
		out.PreviousPageToken, out.PreviousPageURL = link(number - 1)
	}
}

// maxProductFields bounds the productFields parameter, as the real API does.
const maxProductFields = 15

// productFieldList resolves the productFields parameter against Product2's readable fields; "*" (which Salesforce's
// reference client always sends) is every field a buyer may read of a product, as the product detail answers them.
func productFieldList(cat *records.Catalog, raw string) ([]*records.Field, error) {
	if strings.TrimSpace(raw) == "*" {
		return catalog.BuyerFields(cat.Object("Product2")), nil
	}
	return FieldList(cat, "Product2", raw, maxProductFields)
}

// FieldList resolves a comma-separated list of an object's field names (optionally "Object."-prefixed) to its
// readable stored fields, at most limit of them: the fields parameters of the commerce calls.
func FieldList(cat *records.Catalog, object, raw string, limit int) ([]*records.Field, error) {
	var out []*records.Field
	o := cat.Object(object)
	for _, name := range strings.Split(raw, ",") {
		name = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), object+"."))
		if name == "" {
			continue
		}
		f := o.Field(name)
		if f == nil || f.Hidden || !f.HasColumn() {
			return nil, httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity '%s'.", httpx.Clip(name), object)
		}
		out = append(out, f)
	}
	if len(out) > limit {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "fields takes at most %d fields.", limit)
	}
	return out, nil
}

// itemBody is the body of POST cart-items and of each batch richInput.
type itemBody struct {
	ProductID string `json:"productId"`
	Quantity  any    `json:"quantity"`
	Type      string `json:"type"`
}

// input checks an item body: a product id, a whole quantity, the type Product.
func (b itemBody) input() (cart.ItemInput, error) {
	id, ok := records.NormalizeID(strings.TrimSpace(b.ProductID))
	if !ok || records.KeyPrefix(id) != "01t" {
		if strings.TrimSpace(b.ProductID) == "" {
			return cart.ItemInput{}, httpx.BadRequest("INVALID_API_INPUT", "productId is required.")
		}
		return cart.ItemInput{}, httpx.BadRequest("INVALID_ID_FIELD", "productId %q is not a valid product id.", httpx.Clip(b.ProductID))
	}
	if b.Type != "" && b.Type != "Product" {
		return cart.ItemInput{}, httpx.BadRequest("INVALID_API_INPUT", "type must be Product.")
	}
	qty, err := parseQuantity(b.Quantity)
	return cart.ItemInput{ProductID: id, Quantity: qty}, err
}

// AddItem is POST carts/{cartStateOrId}/cart-items: one product. 201 with the line it landed on.
func (h *Handlers) AddItem(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var body itemBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	in, err := body.input()
	if err != nil {
		return err
	}
	if err := guestSession(w, r, sh); err != nil {
		return err
	}
	c, lineID, err := h.Carts.AddItem(r.Context(), sh, cartRef(r), in)
	if err != nil {
		return err
	}
	return h.writeLine(w, r, c, lineID, h.processingStatus(w, c, http.StatusCreated))
}

// writeLine answers one line of the cart, as it is after the change.
func (h *Handlers) writeLine(w http.ResponseWriter, r *http.Request, c *cart.Cart, lineID string, status int) error {
	it, err := h.Carts.Line(r.Context(), c, lineID)
	if err != nil {
		return err
	}
	writeNoStore(w, status, it)
	return nil
}

// BatchResult is one input's outcome in a batch answer.
type BatchResult struct {
	Result     any `json:"result"`
	StatusCode int `json:"statusCode"`
}

// AddBatch is POST carts/{cartStateOrId}/cart-items/batch: up to 100 richInputs, all in one transaction, a result
// per input ({statusCode, result}: the line, or the input's error list). Refused inputs do not stop the others.
func (h *Handlers) AddBatch(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var body struct {
		Inputs []struct {
			RichInput *itemBody `json:"richInput"`
		} `json:"inputs"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	if len(body.Inputs) == 0 || len(body.Inputs) > cart.MaxBatch {
		return httpx.BadRequest("INVALID_API_INPUT", "inputs must hold from 1 to %d items.", cart.MaxBatch)
	}
	results := make([]BatchResult, len(body.Inputs))
	var valid []cart.ItemInput
	var at []int // position of each valid input
	for i, in := range body.Inputs {
		if in.RichInput == nil {
			results[i] = errorResult(httpx.BadRequest("INVALID_API_INPUT", "richInput is required."))
			continue
		}
		item, err := in.RichInput.input()
		if err != nil {
			results[i] = errorResult(err)
			continue
		}
		valid, at = append(valid, item), append(at, i)
	}
	if err := guestSession(w, r, sh); err != nil {
		return err
	}
	c, added, err := h.Carts.AddBatch(r.Context(), sh, cartRef(r), valid)
	if err != nil {
		return err
	}
	var ids []string
	for _, a := range added {
		if a.Err == nil {
			ids = append(ids, a.LineID)
		}
	}
	byID, err := h.Carts.Lines(r.Context(), c, ids)
	if err != nil {
		return err
	}
	hasErrors := false
	for k, a := range added {
		if a.Err != nil {
			results[at[k]] = errorResult(a.Err)
		} else {
			results[at[k]] = BatchResult{Result: byID[a.LineID], StatusCode: http.StatusCreated}
		}
	}
	for _, res := range results {
		hasErrors = hasErrors || res.StatusCode >= 400
	}
	writeNoStore(w, http.StatusOK, map[string]any{"hasErrors": hasErrors, "results": results})
	return nil
}

// errorResult is a refused batch input: its status and the API's error list.
func errorResult(err error) BatchResult {
	e, ok := err.(*httpx.Error)
	if !ok {
		e = httpx.Errorf(http.StatusInternalServerError, "UNKNOWN_EXCEPTION", "The item could not be added.")
	}
	return BatchResult{StatusCode: e.Status, Result: []httpx.ErrorItem{{ErrorCode: e.Code, Message: e.Message}}}
}

// UpdateItem is PATCH carts/{cartStateOrId}/cart-items/{cartItemId}: {quantity}. 200 with the line.
func (h *Handlers) UpdateItem(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var body map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	var raw any
	if q, ok := body["quantity"]; ok {
		dec := json.NewDecoder(strings.NewReader(string(q)))
		dec.UseNumber()
		_ = dec.Decode(&raw)
	}
	qty, err := parseQuantity(raw)
	if err != nil {
		return err
	}
	itemID := r.PathValue("cartItemId")
	c, err := h.Carts.UpdateQuantity(r.Context(), sh, cartRef(r), itemID, qty)
	if err != nil {
		return err
	}
	id, _ := records.NormalizeID(itemID)
	return h.writeLine(w, r, c, id, h.processingStatus(w, c, http.StatusOK))
}

// DeleteItem is DELETE carts/{cartStateOrId}/cart-items/{cartItemId}. 204.
func (h *Handlers) DeleteItem(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, false)
	if err != nil {
		return err
	}
	if err := h.Carts.DeleteItem(r.Context(), sh, cartRef(r), r.PathValue("cartItemId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ApplyCoupon is POST carts/{cartStateOrId}/cart-coupons: {couponCode}. 201 with the cart's coupons.
func (h *Handlers) ApplyCoupon(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var body struct {
		CouponCode string `json:"couponCode"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	if err := guestSession(w, r, sh); err != nil {
		return err
	}
	c, err := h.Carts.ApplyCoupon(r.Context(), sh, cartRef(r), body.CouponCode)
	if err != nil {
		return err
	}
	out, err := cart.Coupons(r.Context(), h.Carts.DB, c)
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusCreated, out)
	return nil
}

// RemoveCoupon is DELETE carts/{cartStateOrId}/cart-coupons/{cartCouponId}. 204.
func (h *Handlers) RemoveCoupon(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, false)
	if err != nil {
		return err
	}
	if err := h.Carts.RemoveCoupon(r.Context(), sh, cartRef(r), r.PathValue("cartCouponId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
