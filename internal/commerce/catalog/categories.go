package catalog

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Categories are the store's: those of the catalogs linked to it (WebStoreCatalog). They are not subject to
// entitlement (Salesforce shows a store's category tree to everyone who may browse it), but guests still need
// guest browsing. NumberOfProducts counts the active products assigned to the category or to any category below
// it, as the catalogue holds them (not per buyer).

// pathCategory is one step of a category path, root first.
type pathCategory struct {
	Description *string `json:"description"`
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	URLName     *string `json:"urlName"`
}

type categoryPath struct {
	Path []pathCategory `json:"path"`
}

// maxDepth stops a path walk on a category tree that loops (a data error): real trees are a few levels deep.
const maxDepth = 32

// pathFrom walks from the category selected by start (a subquery taking startArgs) up to the root and returns the
// path root first, in one query.
func (h *Handlers) pathFrom(ctx context.Context, start string, startArgs ...any) ([]pathCategory, error) {
	rows, err := h.DB.Query(ctx, `WITH RECURSIVE chain(id, parentid, name, description, urlname, depth) AS (
			SELECT c.id, c.parentcategoryid, c.name, c.description, c.urlname, 0 FROM productcategory c
			WHERE c.id = (`+start+`)
			UNION ALL
			SELECT c.id, c.parentcategoryid, c.name, c.description, c.urlname, chain.depth + 1
			FROM productcategory c JOIN chain ON c.id = chain.parentid WHERE chain.depth < ?
		)
		SELECT id, name, description, urlname FROM chain ORDER BY depth DESC`, append(startArgs, maxDepth)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []pathCategory
	for rows.Next() {
		var c pathCategory
		var desc, url sql.NullString
		if err := rows.Scan(&c.ID, &c.Name, &desc, &url); err != nil {
			return nil, err
		}
		c.Description, c.URLName = nullable(desc), nullable(url)
		out = append(out, c)
	}
	return out, rows.Err()
}

func nullable(s sql.NullString) *string {
	if !s.Valid || s.String == "" {
		return nil
	}
	return &s.String
}

// storeCategory checks that a category id names a category of the store's catalogs: 400 for a malformed id, 404
// ITEM_NOT_FOUND otherwise.
func (h *Handlers) storeCategory(ctx context.Context, storeID, raw, param string) (string, error) {
	id, err := parseID(raw, param)
	if err != nil {
		return "", err
	}
	var found string
	err = h.DB.QueryRow(ctx, `SELECT c.id FROM productcategory c WHERE c.id = ? AND `+catalogSQL, id, storeID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return "", itemNotFound("The product category %s doesn't exist in this store.", id)
	}
	return found, err
}

// GetCategoryPath is GET product-category-path/product-categories/{categoryId}: the path from the root category down
// to this one.
func (h *Handlers) GetCategoryPath(w http.ResponseWriter, r *http.Request) error {
	return h.remembered(w, r, h.getCategoryPath)
}

func (h *Handlers) getCategoryPath(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("categoryId"), "productCategoryId")
	if err != nil {
		return err
	}
	path, err := h.pathFrom(ctx, `SELECT c.id FROM productcategory c WHERE c.id = ? AND `+catalogSQL, id, s.Store.ID)
	if err != nil {
		return err
	}
	if len(path) == 0 {
		return itemNotFound("The product category %s doesn't exist in this store.", id)
	}
	writeJSON(w, categories, categoryPath{Path: path})
	return nil
}

// childCategory is one entry of the children answer. TileImage is Storefront's addition to the Salesforce shape
// (fields, id, urlName): the category's first published tile image, as GET product-categories/{id} sends it, or
// null. A page of category tiles (the storefront's home) then needs this one call instead of one per category; a
// client written for Salesforce ignores the key.
type childCategory struct {
	Fields    map[string]*string `json:"fields"`
	ID        string             `json:"id"`
	TileImage *mediaItem         `json:"tileImage"`
	URLName   *string            `json:"urlName"`
}

// GetCategoryChildren is GET product-categories/children: the categories directly under parentProductCategoryId, or
// the store's top-level categories without it, by sort order then name.
func (h *Handlers) GetCategoryChildren(w http.ResponseWriter, r *http.Request) error {
	return h.remembered(w, r, h.getCategoryChildren)
}

func (h *Handlers) getCategoryChildren(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	where, args := `c.parentcategoryid IS NULL AND `+catalogSQL, []any{s.Store.ID}
	if raw := r.URL.Query().Get("parentProductCategoryId"); raw != "" {
		parent, err := h.storeCategory(ctx, s.Store.ID, raw, "parentProductCategoryId")
		if err != nil {
			return err
		}
		where, args = `c.parentcategoryid = ? AND `+catalogSQL, []any{parent, s.Store.ID}
	}
	rows, err := h.DB.Query(ctx, `SELECT c.id, c.name, c.description, c.isnavigational, c.parentcategoryid, c.urlname
		FROM productcategory c WHERE `+where+` ORDER BY c.sortorder, c.name, c.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := []childCategory{}
	var ids []string
	for rows.Next() {
		var c childCategory
		var name string
		var desc, parent, url sql.NullString
		var nav bool
		if err := rows.Scan(&c.ID, &name, &desc, &nav, &parent, &url); err != nil {
			return err
		}
		navText := strconv.FormatBool(nav)
		c.URLName = nullable(url)
		c.Fields = map[string]*string{"Name": &name, "Description": nullable(desc), "IsNavigational": &navText,
			"ParentCategoryId": nullable(parent)}
		out = append(out, c)
		ids = append(ids, c.ID)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	counts, err := h.productCounts(ctx, ids)
	if err != nil {
		return err
	}
	tiles, err := h.tileImages(ctx, ids)
	if err != nil {
		return err
	}
	for i := range out {
		n := strconv.Itoa(counts[out[i].ID])
		out[i].Fields["NumberOfProducts"] = &n
		out[i].TileImage = tiles[out[i].ID]
	}
	writeJSON(w, categories, map[string]any{"productCategories": out})
	return nil
}

// tileImages reads the first published tile image of each category, in one query.
func (h *Handlers) tileImages(ctx context.Context, ids []string) (map[string]*mediaItem, error) {
	out := map[string]*mediaItem{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := db.InList(ids)
	rows, err := loadMediaOf(ctx, h.DB, `SELECT m.productcategoryid, m.id, m.usagetype, m.sortorder, mc.title, mc.alttext,
			mc.url, mc.mimetype
		FROM productcategorymedia m JOIN managedcontent mc ON mc.id = m.electronicmediaid
		WHERE m.productcategoryid IN (`+in+`) AND m.usagetype = 'TileImage' AND mc.ispublished
		ORDER BY m.productcategoryid, m.sortorder, m.id`, false, args...)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if out[rows[i].owner] == nil {
			item := rows[i].item
			out[rows[i].owner] = &item
		}
	}
	return out, nil
}

// productCounts counts, for each category, the distinct active products assigned to it or to a category below it,
// in one query.
func (h *Handlers) productCounts(ctx context.Context, ids []string) (map[string]int, error) {
	out := map[string]int{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := db.InList(ids)
	args = append(args, maxDepth)
	rows, err := h.DB.Query(ctx, `WITH RECURSIVE tree(root, id, depth) AS (
			SELECT c.id, c.id, 0 FROM productcategory c WHERE c.id IN (`+in+`)
			UNION ALL
			SELECT tree.root, c.id, tree.depth + 1 FROM productcategory c JOIN tree ON c.parentcategoryid = tree.id
			WHERE tree.depth < ?
		)
		SELECT tree.root, COUNT(DISTINCT pcp.productid) FROM tree
		JOIN productcategoryproduct pcp ON pcp.productcategoryid = tree.id
		JOIN product2 p ON p.id = pcp.productid AND p.isactive
		GROUP BY tree.root`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// categoryDetail is the Product Category Detail answer (ProductCategoryDetailRepresentation).
type categoryDetail struct {
	BannerImage *mediaItem         `json:"bannerImage"`
	Fields      map[string]*string `json:"fields"`
	ID          string             `json:"id"`
	MediaGroups []mediaGroup       `json:"mediaGroups"`
	TileImage   *mediaItem         `json:"tileImage"`
}

// GetCategory is GET product-categories/{categoryId}: the category's fields and images.
func (h *Handlers) GetCategory(w http.ResponseWriter, r *http.Request) error {
	return h.remembered(w, r, h.getCategory)
}

func (h *Handlers) getCategory(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	names, err := listParam(q, "fields", maxFields, 255)
	if err != nil {
		return err
	}
	groups, err := listParam(q, "mediaGroups", 10, 80)
	if err != nil {
		return err
	}
	if err := mediaGroupNames(categoryGroups, groups); err != nil {
		return err
	}
	excludeFields, err := boolParam(q, "excludeFields")
	if err != nil {
		return err
	}
	excludeMedia, err := boolParam(q, "excludeMedia")
	if err != nil {
		return err
	}
	obj, err := h.object(ctx, "ProductCategory")
	if err != nil {
		return err
	}
	fields, virtual, err := selectFields(obj, names, "NumberOfProducts")
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("categoryId"), "productCategoryId")
	if err != nil {
		return err
	}
	out, err := h.loadCategory(ctx, h.DB, s.Store.ID, id, fields)
	if err != nil {
		return err
	}
	if excludeFields {
		out.Fields = map[string]*string{}
	} else {
		virtualValues(out.Fields, virtual)
		if slices.Contains(virtual, "NumberOfProducts") {
			counts, err := h.productCounts(ctx, []string{id})
			if err != nil {
				return err
			}
			n := strconv.Itoa(counts[id])
			out.Fields["NumberOfProducts"] = &n
		}
	}
	if !excludeMedia {
		rows, err := loadMedia(ctx, h.DB, `SELECT m.id, m.usagetype, m.sortorder, mc.title, mc.alttext, mc.url, mc.mimetype
			FROM productcategorymedia m JOIN managedcontent mc ON mc.id = m.electronicmediaid
			WHERE m.productcategoryid = ? AND mc.ispublished ORDER BY m.sortorder, m.id`, false, id)
		if err != nil {
			return err
		}
		out.TileImage, out.BannerImage = firstOf(rows, "TileImage"), firstOf(rows, "BannerImage")
		out.MediaGroups = groupMedia(categoryGroups, rows, groups)
	}
	writeJSON(w, categories, out)
	return nil
}

// loadCategory reads a category of the store with the given fields; 404 ITEM_NOT_FOUND outside the store.
func (h *Handlers) loadCategory(ctx context.Context, q pricing.Querier, storeID, id string, fields []*records.Field) (*categoryDetail, error) {
	cols := "c.id"
	if len(fields) > 0 {
		cols += ", " + columnList("c", fields)
	}
	raw := make([]any, len(fields)+1)
	dest := make([]any, len(raw))
	for i := range raw {
		dest[i] = &raw[i]
	}
	err := q.QueryRow(ctx, `SELECT `+cols+` FROM productcategory c WHERE c.id = ? AND `+catalogSQL, id, storeID).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, itemNotFound("The product category %s doesn't exist in this store.", id)
	}
	if err != nil {
		return nil, err
	}
	out := &categoryDetail{ID: id, Fields: map[string]*string{}, MediaGroups: []mediaGroup{}}
	for i, f := range fields {
		out.Fields[f.APIName] = records.WireText(f, raw[i+1])
	}
	return out, nil
}
