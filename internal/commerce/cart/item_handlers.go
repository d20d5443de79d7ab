package cart

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// ItemCollection is the Cart Item Collection (GET cart-items).
type ItemCollection struct {
	CartCoupons         *CouponCollection    `json:"cartCoupons,omitempty"`
	CartItems           []ItemResult         `json:"cartItems"`
	CartPromotions      *PromotionCollection `json:"cartPromotions,omitempty"`
	CartSummary         *Summary             `json:"cartSummary"`
	CurrentPage         int                  `json:"currentPage"`
	CurrentPageToken    *string              `json:"currentPageToken"`
	CurrentPageURL      *string              `json:"currentPageUrl"`
	HasErrors           bool                 `json:"hasErrors"`
	NextPageToken       *string              `json:"nextPageToken"`
	NextPageURL         *string              `json:"nextPageUrl"`
	PreviousPageToken   *string              `json:"previousPageToken"`
	PreviousPageURL     *string              `json:"previousPageUrl"`
	TotalItemCount      int                  `json:"totalItemCount"`
	TotalNumberOfPages  int                  `json:"totalNumberOfPages"`
	ApproachingDiscount []any                `json:"approachingDiscounts"`
}

// Items is GET carts/{cartStateOrId}/cart-items: a page of the cart's lines (sort, pageNumber or page token,
// pageSize 1-100 default 25, productFields), with the summary, and the promotions and coupons when asked.
func (s *Service) Items(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	number, size, err := page(q)
	if err != nil {
		return err
	}
	sortBy := orElse(strings.TrimSpace(q.Get("sort")), "CreatedDateDesc")
	order, ok := sortOrders[sortBy]
	if !ok {
		return httpx.BadRequest("INVALID_API_INPUT", "sort %q must be one of CreatedDateAsc, CreatedDateDesc, NameAsc, "+
			"NameDesc, SalesPriceAsc, SalesPriceDesc.", clip(sortBy))
	}
	ctx := r.Context()
	cat, err := s.Engine.Catalog(ctx)
	if err != nil {
		return err
	}
	fields, err := productFieldList(cat, q.Get("productFields"))
	if err != nil {
		return err
	}
	c, err := s.find(ctx, sh, cartRef(r))
	if err != nil {
		return err
	}
	noStore(w)
	out := &ItemCollection{CartItems: []ItemResult{}, CurrentPage: number, ApproachingDiscount: []any{}}
	if c == nil {
		out.CartSummary = emptySummary(sh)
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	}
	key := pageKey{cart: cartState(c), path: r.URL.Path, query: r.URL.RawQuery, currency: sh.Store.DefaultCurrency,
		metadata: s.DB.Version(db.Metadata)}
	kept := pagesOf(s.DB).Begin()
	body, ok := kept.Lookup(key)
	if !ok {
		if body, err = s.itemsPage(r, c, out, key.currency, order, size, fields); err != nil {
			return err
		}
		if keepsPages(c) {
			kept.StoreWeighing(key, body, int64(len(body)+len(key.cart)+len(key.path)+len(key.query)))
		}
	}
	httpx.WriteJSONBytes(w, s.processingStatus(w, c, http.StatusOK), body)
	return nil
}

// itemsPage builds and encodes a page of the cart's lines (Items).
func (s *Service) itemsPage(r *http.Request, c *Cart, out *ItemCollection, currency, order string, size int,
	fields []*records.Field) ([]byte, error) {
	ctx, q, number := r.Context(), r.URL.Query(), out.CurrentPage
	out.CartSummary = summaryOf(c, currency)
	var count int
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cartitem WHERE cartid = ?`, c.ID).Scan(&count); err != nil {
		return nil, err
	}
	items, err := s.loadItems(ctx, s.DB, c, itemQuery{order: order, limit: size, offset: (number - 1) * size,
		productFields: fields})
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		out.CartItems = append(out.CartItems, ItemResult{CartItem: it, Status: "Success"})
	}
	out.TotalItemCount, out.TotalNumberOfPages = count, (count+size-1)/size
	setPageLinks(out, r.URL, number, size)
	if q.Get("includePromotions") == "true" {
		if out.CartPromotions, err = promotions(ctx, s.DB, c); err != nil {
			return nil, err
		}
	}
	if q.Get("includeCoupons") == "true" {
		if out.CartCoupons, err = coupons(ctx, s.DB, c); err != nil {
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

// itemBody is the body of POST cart-items and of each batch richInput.
type itemBody struct {
	ProductID string `json:"productId"`
	Quantity  any    `json:"quantity"`
	Type      string `json:"type"`
}

// input checks an item body: a product id, a whole quantity, the type Product.
func (b itemBody) input() (ItemInput, error) {
	id, ok := records.NormalizeID(strings.TrimSpace(b.ProductID))
	if !ok || records.KeyPrefix(id) != "01t" {
		if strings.TrimSpace(b.ProductID) == "" {
			return ItemInput{}, httpx.BadRequest("INVALID_API_INPUT", "productId is required.")
		}
		return ItemInput{}, httpx.BadRequest("INVALID_ID_FIELD", "productId %q is not a valid product id.", clip(b.ProductID))
	}
	if b.Type != "" && b.Type != "Product" {
		return ItemInput{}, httpx.BadRequest("INVALID_API_INPUT", "type must be Product.")
	}
	qty, err := parseQuantity(b.Quantity)
	return ItemInput{ProductID: id, Quantity: qty}, err
}

// AddItem is POST carts/{cartStateOrId}/cart-items: one product. 201 with the line it landed on.
func (s *Service) AddItem(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
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
	var outcome addOutcome
	c, err := s.change(r.Context(), sh, cartRef(r), true, func(tx *db.Tx, c *Cart) error {
		out, err := s.addItems(r.Context(), tx, sh, c, []ItemInput{in})
		if err == nil {
			outcome = out[0]
			err = outcome.err
		}
		return err
	})
	if err != nil {
		return err
	}
	return s.writeLine(w, r, c, outcome.lineID, s.processingStatus(w, c, http.StatusCreated))
}

// writeLine answers one line of the cart, as it is after the change.
func (s *Service) writeLine(w http.ResponseWriter, r *http.Request, c *Cart, lineID string, status int) error {
	items, err := s.loadItems(r.Context(), s.DB, c, itemQuery{cond: "i.id = ?", args: []any{lineID}})
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return itemNotFound(lineID)
	}
	noStore(w)
	httpx.WriteJSON(w, status, items[0])
	return nil
}

// BatchResult is one input's outcome in a batch answer.
type BatchResult struct {
	Result     any `json:"result"`
	StatusCode int `json:"statusCode"`
}

// AddBatch is POST carts/{cartStateOrId}/cart-items/batch: up to 100 richInputs, all in one transaction, a result
// per input ({statusCode, result}: the line, or the input's error list). Refused inputs do not stop the others.
func (s *Service) AddBatch(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
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
	if len(body.Inputs) == 0 || len(body.Inputs) > MaxBatch {
		return httpx.BadRequest("INVALID_API_INPUT", "inputs must hold from 1 to %d items.", MaxBatch)
	}
	results := make([]BatchResult, len(body.Inputs))
	var valid []ItemInput
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
	var outcomes []addOutcome
	c, err := s.change(r.Context(), sh, cartRef(r), true, func(tx *db.Tx, c *Cart) error {
		if len(valid) == 0 {
			return nil
		}
		outcomes, err = s.addItems(r.Context(), tx, sh, c, valid)
		return err
	})
	if err != nil {
		return err
	}
	var ids []any
	for _, o := range outcomes {
		if o.err == nil {
			ids = append(ids, o.lineID)
		}
	}
	byID := map[string]*Item{}
	if len(ids) > 0 {
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
		items, err := s.loadItems(r.Context(), s.DB, c, itemQuery{cond: "i.id IN (" + marks + ")", args: ids})
		if err != nil {
			return err
		}
		for _, it := range items {
			byID[it.CartItemID] = it
		}
	}
	hasErrors := false
	for k, o := range outcomes {
		if o.err != nil {
			results[at[k]] = errorResult(o.err)
		} else {
			results[at[k]] = BatchResult{Result: byID[o.lineID], StatusCode: http.StatusCreated}
		}
	}
	for _, res := range results {
		hasErrors = hasErrors || res.StatusCode >= 400
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"hasErrors": hasErrors, "results": results})
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
func (s *Service) UpdateItem(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
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
	c, err := s.change(r.Context(), sh, cartRef(r), false, func(tx *db.Tx, c *Cart) error {
		return s.setQuantity(r.Context(), tx, sh, c, itemID, qty)
	})
	if err != nil {
		return err
	}
	id, _ := records.NormalizeID(itemID)
	return s.writeLine(w, r, c, id, s.processingStatus(w, c, http.StatusOK))
}

// DeleteItem is DELETE carts/{cartStateOrId}/cart-items/{cartItemId}. 204.
func (s *Service) DeleteItem(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, false)
	if err != nil {
		return err
	}
	_, err = s.change(r.Context(), sh, cartRef(r), false, func(tx *db.Tx, c *Cart) error {
		l, err := findLine(r.Context(), tx, c, r.PathValue("cartItemId"))
		if err != nil {
			return err
		}
		return s.Engine.DeleteMany(quiet(r.Context()), tx, records.System, []string{l.id})
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ApplyCoupon is POST carts/{cartStateOrId}/cart-coupons: {couponCode}. 201 with the cart's coupons.
func (s *Service) ApplyCoupon(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
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
	c, err := s.change(r.Context(), sh, cartRef(r), true, func(tx *db.Tx, c *Cart) error {
		return s.applyCoupon(r.Context(), tx, c, sh.Principal.UserID, body.CouponCode)
	})
	if err != nil {
		return err
	}
	out, err := coupons(r.Context(), s.DB, c)
	if err != nil {
		return err
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// RemoveCoupon is DELETE carts/{cartStateOrId}/cart-coupons/{cartCouponId}. 204.
func (s *Service) RemoveCoupon(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, false)
	if err != nil {
		return err
	}
	_, err = s.change(r.Context(), sh, cartRef(r), false, func(tx *db.Tx, c *Cart) error {
		return s.removeCoupon(r.Context(), tx, c, r.PathValue("cartCouponId"))
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
