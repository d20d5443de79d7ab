// Package storecontext answers the calls a storefront makes before anything else: which store and site it is
// (/api/site), who is calling (session-context) and what the store allows (application-context). It also holds
// the checks every later commerce call reuses: LoadStore, EffectiveAccount (and ActsFor), RequireBrowsing, and
// the preamble ShopperFor that runs them in order.
package storecontext

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Store is a WebStore record's settings, with the metadata defaults applied to blank fields.
type Store struct {
	ID, Name, SiteID, CommunityID, URLPathPrefix   string
	DefaultLanguage, DefaultCurrency, Country      string
	TaxType, ManagedCheckoutVersion                string
	SupportedCurrencies, ShippingCountries         []string
	GuestBrowsingEnabled, GuestCartEnabled         bool
	GuestCheckoutEnabled, SplitShipmentEnabled     bool
	CartCalculateEnabled, PlaceOrderV2Enabled      bool
	InventoryEnabled, SessionDrivenCurrency        bool
	HighScaleCartEnabled, UsesSingleEntitlementPol bool
	ReservationInSeconds                           int64
	// CartSyncLineLimit is the largest cart calculated within a change's request; larger ones in the background.
	CartSyncLineLimit int64
}

const storeColumns = `id, name, siteid, communityid, urlpathprefix, defaultlanguage, defaultcurrency, country, taxtype,
	managedcheckoutversion, supportedcurrencies, shippingcountries, guestbrowsingenabled, guestcartenabled,
	guestcheckoutenabled, splitshipmentenabled, cartcalculateenabled, placeorderv2enabled, inventoryenabled,
	sessiondrivencurrency, highscalecartenabled, usessingleentitlementpolicy, reservationinseconds, cartsynclinelimit`

// LoadStore reads the store a request names; a malformed or unknown id is 404 NOT_FOUND. 15- and 18-character
// ids are accepted. Stores come from memory while the catalog version holds (db.Cache); the result is shared and
// must not be changed.
func LoadStore(ctx context.Context, d *db.DB, rawID string) (*Store, error) {
	id, ok := records.NormalizeID(rawID)
	if !ok || records.KeyPrefix(id) != "0ZE" {
		return nil, storeNotFound(rawID)
	}
	s, err := storesOf(d).Get(ctx, id, func(ctx context.Context) (*Store, error) {
		return scanStore(d.QueryRow(ctx, `SELECT `+storeColumns+` FROM webstore WHERE id = ?`, id))
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, storeNotFound(rawID)
	}
	return s, err
}

// FirstStore reads the site's store: the oldest WebStore. 404 when none is set up.
func FirstStore(ctx context.Context, d *db.DB) (*Store, error) {
	s, err := storesOf(d).Get(ctx, "", func(ctx context.Context) (*Store, error) {
		return scanStore(d.QueryRow(ctx, `SELECT `+storeColumns+` FROM webstore ORDER BY createddate, id LIMIT 1`))
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("No store is set up yet.")
	}
	return s, err
}

// storesOf is d's cache of stores by id ("" for the first store).
func storesOf(d *db.DB) *db.Cache[string, *Store] {
	return db.Shared(d, &storesKey, func() *db.Cache[string, *Store] {
		return db.NewCache[string, *Store](d, "stores", db.Catalog, 64)
	})
}

var storesKey int

func storeNotFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no store has the id %q.", id)
}

func scanStore(row *sql.Row) (*Store, error) {
	var (
		s                                                Store
		site, community, prefix, lang, cur, country, tax sql.NullString
		version, supported, shipping                     sql.NullString
		reservation, syncLimit                           sql.NullInt64
	)
	err := row.Scan(&s.ID, &s.Name, &site, &community, &prefix, &lang, &cur, &country, &tax, &version, &supported,
		&shipping, &s.GuestBrowsingEnabled, &s.GuestCartEnabled, &s.GuestCheckoutEnabled, &s.SplitShipmentEnabled,
		&s.CartCalculateEnabled, &s.PlaceOrderV2Enabled, &s.InventoryEnabled, &s.SessionDrivenCurrency,
		&s.HighScaleCartEnabled, &s.UsesSingleEntitlementPol, &reservation, &syncLimit)
	if err != nil {
		return nil, err
	}
	// Blank fields take the WebStore metadata's defaults (catalog_core.go): the columns themselves have none.
	s.SiteID, s.CommunityID, s.URLPathPrefix = site.String, community.String, prefix.String
	s.DefaultLanguage = orDefault(lang, "en_US")
	s.DefaultCurrency = orDefault(cur, "USD")
	s.Country = orDefault(country, "US")
	s.TaxType = orDefault(tax, "Net")
	s.ManagedCheckoutVersion = orDefault(version, "0.117.0")
	s.SupportedCurrencies = splitList(orDefault(supported, s.DefaultCurrency))
	s.ShippingCountries = splitList(orDefault(shipping, "US;CA"))
	s.CartSyncLineLimit = 250
	if syncLimit.Valid && syncLimit.Int64 >= 0 {
		s.CartSyncLineLimit = syncLimit.Int64
	}
	s.ReservationInSeconds = 14400
	if reservation.Valid && reservation.Int64 > 0 {
		s.ReservationInSeconds = reservation.Int64
	}
	return &s, nil
}

func orDefault(v sql.NullString, def string) string {
	if v.Valid && strings.TrimSpace(v.String) != "" {
		return strings.TrimSpace(v.String)
	}
	return def
}

// splitList reads a list field stored as "US;CA" (commas tolerated), dropping blanks.
func splitList(s string) []string {
	out := []string{}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == ',' }) {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// RequireBrowsing refuses guests of a store that does not allow guest browsing (401, so the client signs in).
// Catalog calls use it; the context calls stay open, since the client needs them to learn it is a guest.
func RequireBrowsing(store *Store, p *identity.Principal) error {
	if p.Guest && !store.GuestBrowsingEnabled {
		return httpx.Unauthorized()
	}
	return nil
}
