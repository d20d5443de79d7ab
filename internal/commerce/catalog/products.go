package catalog

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"storefront/internal/commerce/storecontext"

	"storefront/internal/commerce/pricing"
	"storefront/internal/records"
)

// productDetail is the Product Detail answer (ProductDetailRepresentation). Parts a caller excludes are null (their
// fields object is {} and their media groups []), so the shape never changes.
type productDetail struct {
	AttributeSetInfo           any                `json:"attributeSetInfo"`
	DefaultImage               *mediaItem         `json:"defaultImage"`
	DynamicAttributeCount      int                `json:"dynamicAttributeCount"`
	Entitlement                *entitlement       `json:"entitlement"`
	Fields                     map[string]*string `json:"fields"`
	ID                         string             `json:"id"`
	MediaGroups                []mediaGroup       `json:"mediaGroups"`
	PrimaryProductCategoryPath *categoryPath      `json:"primaryProductCategoryPath"`
	ProductClass               string             `json:"productClass"`
	ProductSellingModels       []any              `json:"productSellingModels"`
	PurchaseQuantityRule       *purchaseQuantity  `json:"purchaseQuantityRule"`
	URLName                    *string            `json:"urlName"`
	VariationAttributeSet      any                `json:"variationAttributeSet"`
	VariationInfo              any                `json:"variationInfo"`
	VariationParentID          *string            `json:"variationParentId"`
}

type entitlement struct {
	CanViewPrice bool `json:"canViewPrice"`
}

// purchaseQuantity is the purchase quantity rule: whole units as strings; a bound the product does not set is null.
type purchaseQuantity struct {
	Increment *string `json:"increment"`
	Maximum   *string `json:"maximum"`
	Minimum   *string `json:"minimum"`
}

// productOptions are the product call's query parameters.
type productOptions struct {
	fields                                                           []string
	mediaGroups                                                      []string
	excludeFields, excludeMedia, excludeEntitlement, excludeCategory bool
	excludeQuantityRule                                              bool
}

func parseProductOptions(r *http.Request) (*productOptions, error) {
	q := r.URL.Query()
	o := &productOptions{}
	var err error
	if o.fields, err = listParam(q, "fields", maxFields, 255); err != nil {
		return nil, err
	}
	if o.mediaGroups, err = listParam(q, "mediaGroups", 10, 80); err != nil {
		return nil, err
	}
	if err := mediaGroupNames(productGroups, o.mediaGroups); err != nil {
		return nil, err
	}
	flags := []struct {
		name string
		dst  *bool
	}{
		{"excludeFields", &o.excludeFields}, {"excludeMedia", &o.excludeMedia},
		{"excludeEntitlement", &o.excludeEntitlement}, {"excludeEntitlementDetails", &o.excludeEntitlement},
		{"excludePrimaryProductCategory", &o.excludeCategory}, {"excludeQuantityRule", &o.excludeQuantityRule},
		// Accepted for the clients that send them; this store has no variations, attribute sets or selling models.
		{"excludeVariationInfo", new(bool)}, {"excludeAttributeSetInfo", new(bool)},
		{"excludeProductSellingModels", new(bool)},
	}
	for _, f := range flags {
		v, err := boolParam(q, f.name)
		if err != nil {
			return nil, err
		}
		*f.dst = *f.dst || v
	}
	return o, nil
}

// GetProduct is GET products/{productId}: the product page's data. An unknown, inactive or unentitled product is 404.
func (h *Handlers) GetProduct(w http.ResponseWriter, r *http.Request) error {
	return h.remembered(w, r, h.getProduct)
}

func (h *Handlers) getProduct(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("productId"), "productId")
	if err != nil {
		return err
	}
	opt, err := parseProductOptions(r)
	if err != nil {
		return err
	}
	out, err := h.productPage(ctx, s, id, opt)
	if err != nil {
		return err
	}
	writeJSON(w, perCaller, out)
	return nil
}

// productPage reads what GET products/{productId} answers.
func (h *Handlers) productPage(ctx context.Context, s *storecontext.Shopper, id string, opt *productOptions) (*productDetail, error) {
	obj, err := h.object(ctx, "Product2")
	if err != nil {
		return nil, err
	}
	fields, virtual, err := selectFields(obj, opt.fields)
	if err != nil {
		return nil, err
	}
	out, err := h.loadProduct(ctx, s, id, obj, fields, opt)
	if err != nil {
		return nil, err
	}
	if !opt.excludeFields {
		virtualValues(out.Fields, virtual)
	}
	if !opt.excludeMedia {
		if err := h.addProductMedia(ctx, out, opt.mediaGroups); err != nil {
			return nil, err
		}
	}
	if !opt.excludeCategory {
		if out.PrimaryProductCategoryPath, err = h.primaryCategoryPath(ctx, s.Store.ID, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// loadProduct reads the product row, its requested fields and the caller's entitlement in one query.
func (h *Handlers) loadProduct(ctx context.Context, s *storecontext.Shopper, id string, obj *records.Object, fields []*records.Field,
	opt *productOptions) (*productDetail, error) {
	rule := []*records.Field{obj.Field("ProductClass"), obj.Field("UrlName"), obj.Field("PurchaseQuantityIncrement"),
		obj.Field("PurchaseQuantityMaximum"), obj.Field("PurchaseQuantityMinimum")}
	all := append(rule, fields...)
	expr, args := pricing.EntitlementSQL("p", s.Store.ID, s.AccountID)
	query := `SELECT ` + expr + `, ` + columnList("p", all) + ` FROM product2 p WHERE p.id = ? AND p.isactive`
	raw := make([]any, len(all)+1)
	dest := make([]any, len(raw))
	for i := range raw {
		dest[i] = &raw[i]
	}
	err := h.DB.QueryRow(ctx, query, append(args, id)...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && raw[0] == nil) {
		return nil, itemNotFound("The product %s doesn't exist or isn't available to this account.", id)
	}
	if err != nil {
		return nil, err
	}
	vals := make([]*string, len(all))
	for i, f := range all {
		vals[i] = records.ProductFieldText(f, raw[i+1])
	}
	out := &productDetail{ID: id, ProductClass: "Simple", URLName: vals[1], Fields: map[string]*string{},
		MediaGroups: []mediaGroup{}, ProductSellingModels: []any{}}
	if vals[0] != nil {
		out.ProductClass = *vals[0]
	}
	if !opt.excludeQuantityRule && (vals[2] != nil || vals[3] != nil || vals[4] != nil) {
		out.PurchaseQuantityRule = &purchaseQuantity{Increment: vals[2], Maximum: vals[3], Minimum: vals[4]}
	}
	if !opt.excludeEntitlement {
		out.Entitlement = &entitlement{CanViewPrice: asInt(raw[0]) == 1}
	}
	if !opt.excludeFields {
		for i, f := range fields {
			out.Fields[f.APIName] = vals[len(rule)+i]
		}
	}
	return out, nil
}

// asInt reads an integer scanned into an any (int64 on both databases; text on some drivers).
func asInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case []byte:
		i, _ := strconv.ParseInt(string(n), 10, 64)
		return i
	case string:
		i, _ := strconv.ParseInt(n, 10, 64)
		return i
	}
	return 0
}

// addProductMedia fills the default image (the first detail image, else the list image) and the media groups.
func (h *Handlers) addProductMedia(ctx context.Context, out *productDetail, only []string) error {
	rows, err := loadMedia(ctx, h.DB, `SELECT pm.id, pm.usagetype, pm.sortorder, mc.title, mc.alttext, mc.url, mc.mimetype
		FROM productmedia pm JOIN managedcontent mc ON mc.id = pm.electronicmediaid
		WHERE pm.productid = ? AND mc.ispublished ORDER BY pm.sortorder, pm.id`, true, out.ID)
	if err != nil {
		return err
	}
	out.DefaultImage = firstOf(rows, "ProductDetailImage", "ListImage")
	out.MediaGroups = groupMedia(productGroups, rows, only)
	return nil
}

// primaryCategoryPath is the path from the root to the product's primary category in the store's catalogs (or,
// without a primary one, its first category there); nil when it has none.
func (h *Handlers) primaryCategoryPath(ctx context.Context, storeID, productID string) (*categoryPath, error) {
	start := `SELECT pcp.productcategoryid FROM productcategoryproduct pcp
		JOIN productcategory c ON c.id = pcp.productcategoryid
		WHERE pcp.productid = ? AND ` + catalogSQL + ` ORDER BY pcp.isprimarycategory DESC, pcp.id LIMIT 1`
	path, err := h.pathFrom(ctx, start, productID, storeID)
	if err != nil || len(path) == 0 {
		return nil, err
	}
	return &categoryPath{Path: path}, nil
}
