package storecontext

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// Handlers serves the context calls.
type Handlers struct {
	DB       *db.DB
	BasePath string
}

// Routes relative to the commerce base /services/data/v64.0/commerce/webstores/{webstoreId}/.
func (h *Handlers) SessionContext() http.Handler     { return httpx.HandlerFunc(h.sessionContext) }
func (h *Handlers) ApplicationContext() http.Handler { return httpx.HandlerFunc(h.applicationContext) }

// Site is GET /api/site.
func (h *Handlers) Site() http.Handler { return httpx.HandlerFunc(h.site) }

type siteInfo struct {
	WebstoreID  string `json:"webstoreId"`
	CommunityID string `json:"communityId"`
	SiteID      string `json:"siteId"`
	Language    string `json:"language"`
	Locale      string `json:"locale"`
	BasePath    string `json:"basePath"`
	StoreName   string `json:"storeName"`
	// Header look (branding.go): colours from the WebStore, the logo's CMS content key ("" when none).
	HeaderBackgroundColor   string `json:"headerBackgroundColor"`
	PromoBarBackgroundColor string `json:"promoBarBackgroundColor"`
	LogoContentKey          string `json:"logoContentKey"`
	// CartShowToGuest is the showToGuest setting of the header's cart container (spec section 2, "Login-state
	// container"): this site shows the cart badge to guests whenever its store keeps guest carts.
	CartShowToGuest bool `json:"cartShowToGuest"`
}

// site tells the SPA which store and site it presents; the SPA boots from it.
func (h *Handlers) site(w http.ResponseWriter, r *http.Request) error {
	s, err := FirstStore(r.Context(), h.DB)
	if err != nil {
		return err
	}
	brand, err := LoadBranding(r.Context(), h.DB, s.ID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, siteInfo{WebstoreID: s.ID, CommunityID: s.CommunityID, SiteID: s.SiteID,
		Language: strings.ReplaceAll(s.DefaultLanguage, "_", "-"), Locale: "en-US", BasePath: h.BasePath,
		StoreName: s.Name, HeaderBackgroundColor: brand.HeaderBackgroundColor,
		PromoBarBackgroundColor: brand.PromoBarBackgroundColor, LogoContentKey: brand.LogoContentKey,
		CartShowToGuest: s.GuestCartEnabled})
	return nil
}

type buyerGroup struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type profile struct {
	UserName  string  `json:"userName"`
	FirstName *string `json:"firstName"`
	LastName  string  `json:"lastName"`
	Email     string  `json:"email"`
}

type sessionContext struct {
	GuestUser   bool         `json:"guestUser"`
	UserID      *string      `json:"userId"`
	UserName    *string      `json:"userName"`
	AccountID   *string      `json:"accountId"`
	AccountName *string      `json:"accountName"`
	Profile     *profile     `json:"profile"`
	BuyerGroups []buyerGroup `json:"buyerGroups"`
}

// sessionContext is GET session-context: who is calling and for which account.
func (h *Handlers) sessionContext(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if _, err := LoadStore(ctx, h.DB, r.PathValue("webstoreId")); err != nil {
		return err
	}
	p := identity.FromContext(ctx)
	accountID, err := EffectiveAccount(ctx, h.DB, p, r.URL.Query().Get("effectiveAccountId"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	if p.Guest {
		httpx.WriteJSON(w, http.StatusOK, sessionContext{GuestUser: true, BuyerGroups: []buyerGroup{}})
		return nil
	}
	out, err := h.userContext(ctx, p.UserID, accountID)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (h *Handlers) userContext(ctx context.Context, userID, accountID string) (*sessionContext, error) {
	var (
		pr          profile
		first, name sql.NullString
	)
	err := h.DB.QueryRow(ctx, `SELECT u.username, u.firstname, u.lastname, u.email, a.name
		FROM "user" u LEFT JOIN account a ON a.id = ? WHERE u.id = ?`, accountID, userID).Scan(
		&pr.UserName, &first, &pr.LastName, &pr.Email, &name)
	if err != nil {
		return nil, err
	}
	if first.Valid {
		pr.FirstName = &first.String
	}
	out := &sessionContext{UserID: &userID, UserName: &pr.UserName, Profile: &pr, BuyerGroups: []buyerGroup{}}
	if accountID != "" {
		out.AccountID, out.AccountName = &accountID, &name.String
		if out.BuyerGroups, err = buyerGroups(ctx, h.DB, accountID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// buyerGroups lists the groups an account belongs to, by name.
func buyerGroups(ctx context.Context, d *db.DB, accountID string) ([]buyerGroup, error) {
	rows, err := d.Query(ctx, `SELECT g.id, g.name FROM buyergroupmember m JOIN buyergroup g ON g.id = m.buyergroupid
		WHERE m.buyerid = ? ORDER BY g.name, g.id`, accountID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []buyerGroup{}
	for rows.Next() {
		var g buyerGroup
		if err := rows.Scan(&g.ID, &g.Name); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// applicationContext is GET application-context: the store's settings. They are the same for every caller, so
// the answer may be cached for five minutes (publicly when asked as a guest, as the storefront does). An
// effectiveAccountId changes nothing in the answer but is checked all the same, as on every commerce call.
func (h *Handlers) applicationContext(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := LoadStore(ctx, h.DB, r.PathValue("webstoreId"))
	if err != nil {
		return err
	}
	if _, err := EffectiveAccount(ctx, h.DB, identity.FromContext(ctx), r.URL.Query().Get("effectiveAccountId")); err != nil {
		return err
	}
	cache := "private, max-age=300"
	if r.URL.Query().Get("asGuest") == "true" {
		cache = "public, max-age=300"
	}
	w.Header().Set("Cache-Control", cache)
	httpx.WriteJSON(w, http.StatusOK, newAppContext(s))
	return nil
}
