package account

import (
	"net/http"
	"slices"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/connectapi"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// managedAccount is one item of GET external-managed-accounts (ExternalManagedAccountOutput).
type managedAccount struct {
	AccountID                string         `json:"accountId"`
	AccountName              string         `json:"accountName"`
	Address                  accountAddress `json:"address"`
	ExternalManagedAccountID string         `json:"externalManagedAccountId"`
	IsMyAccount              bool           `json:"isMyAccount"`
}

// maxSearch bounds the q parameter, as the storefront's search input is bounded.
const maxSearch = 255

// ManagedAccounts is GET external-managed-accounts: the accounts a signed-in buyer may act for, their own first
// when includeMyAccount=true (the API's default is false), then the managed ones by name. The optional q
// parameter is ours, not the Connect API's: it keeps the accounts whose name contains it (case-insensitive), so an
// account switcher over thousands of accounts can search on the server.
//
// One query answers for any number of accounts. Names are ordered and searched here rather than in SQL, so both
// databases give the same order whatever their collation.
func (s *Service) ManagedAccounts(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	if sh.Guest() {
		return httpx.Unauthorized()
	}
	q := connectapi.NewQuery(r)
	includeMine, err := q.Bool("includeMyAccount", false)
	if err != nil {
		return err
	}
	search := strings.ToLower(strings.TrimSpace(q.Get("q")))
	if len([]rune(search)) > maxSearch {
		return connectapi.BadInput("q takes at most %d characters.", maxSearch)
	}
	p := sh.Principal
	rows, err := s.DB.Query(r.Context(), `SELECT a.id, a.name, a.billingstreet, a.billingcity, a.billingstate,
		a.billingcountry, a.billingpostalcode, a.id FROM account a WHERE a.id = ? AND ?
		UNION ALL
		SELECT a.id, a.name, a.billingstreet, a.billingcity, a.billingstate, a.billingcountry, a.billingpostalcode,
		m.id FROM managedaccount m JOIN account a ON a.id = m.accountid WHERE m.userid = ? AND a.id <> ?`,
		p.AccountID, includeMine && p.AccountID != "", p.UserID, p.AccountID)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := []managedAccount{}
	seen := map[string]bool{}
	for rows.Next() {
		var m managedAccount
		var ad accountAddress
		if err := rows.Scan(&m.AccountID, &m.AccountName, &ad.Street, &ad.City, &ad.State, &ad.Country, &ad.Zip,
			&m.ExternalManagedAccountID); err != nil {
			return err
		}
		if seen[m.AccountID] { // two ManagedAccount rows for one account list it once
			continue
		}
		seen[m.AccountID] = true
		if search != "" && !strings.Contains(strings.ToLower(m.AccountName), search) {
			continue
		}
		m.Address, m.IsMyAccount = ad, m.AccountID == p.AccountID
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	slices.SortFunc(out, func(a, b managedAccount) int {
		switch {
		case a.IsMyAccount != b.IsMyAccount:
			if a.IsMyAccount {
				return -1
			}
			return 1
		case !strings.EqualFold(a.AccountName, b.AccountName):
			return strings.Compare(strings.ToLower(a.AccountName), strings.ToLower(b.AccountName))
		case a.AccountName != b.AccountName:
			return strings.Compare(a.AccountName, b.AccountName)
		}
		return strings.Compare(a.AccountID, b.AccountID)
	})
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"externalManagedAccounts": out})
	return nil
}

// effectiveAccount is the answer of GET effective-accounts/{effectiveAccountId}: the account switcher's item plus
// the asked fields of the Account record, as strings (null when empty), keyed by API name.
type effectiveAccount struct {
	AccountID   string             `json:"accountId"`
	AccountName string             `json:"accountName"`
	Address     accountAddress     `json:"address"`
	Fields      map[string]*string `json:"fields"`
	IsMyAccount bool               `json:"isMyAccount"`
}

// EffectiveAccount is GET effective-accounts/{effectiveAccountId}?fields=Name,BillingCity: one account the caller
// acts for. A blank id is 400 ('effectiveAccountId' param is required), an id that is no account id 400, an account
// outside the caller's set (and any account asked by a guest) 403, a field the Account object does not have or
// that the caller may not read 400. The record is read through the records engine, so its row and field rules
// apply.
func (s *Service) EffectiveAccount(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	raw := strings.TrimSpace(r.PathValue("effectiveAccountId"))
	if raw == "" || strings.Trim(raw, "0") == "" || raw == "000000000000000AAA" {
		return httpx.BadRequest("REQUIRED_FIELD_MISSING", "'effectiveAccountId' param is required to execute the request.")
	}
	ctx := r.Context()
	id, err := storecontext.EffectiveAccount(ctx, s.DB, sh.Principal, raw)
	if err != nil {
		return err
	}
	cat, err := s.Engine.Catalog(ctx)
	if err != nil {
		return err
	}
	o := cat.Object("Account")
	fields, err := fieldList(s.Engine, o, sh.Principal, r.URL.Query().Get("fields"))
	if err != nil {
		return err
	}
	rec, err := s.Engine.Get(ctx, sh.Principal, id)
	if err != nil {
		return writeError(err)
	}
	text := func(name string) *string { return records.WireText(o.Field(name), rec.Values[o.Field(name).APIName]) }
	out := effectiveAccount{AccountID: rec.ID, AccountName: rec.String("Name"), Fields: map[string]*string{},
		IsMyAccount: rec.ID == sh.Principal.AccountID, Address: accountAddress{Street: text("BillingStreet"),
			City: text("BillingCity"), State: text("BillingState"), Country: text("BillingCountry"),
			Zip: text("BillingPostalCode")}}
	for _, f := range fields {
		out.Fields[f.APIName] = records.WireText(f, rec.Values[f.APIName])
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// maxFields bounds a fields parameter.
const maxFields = 200

// fieldList resolves a comma-separated fields parameter of object o ("Name,BillingCity", names optionally
// qualified as "Account.Name", case-insensitive) into fields the caller may read, in the order asked. A name the
// object does not have, or whose field the caller may not read, is 400 INVALID_FIELD.
func fieldList(e *records.Engine, o *records.Object, actor *identity.Principal, raw string) ([]*records.Field, error) {
	var out []*records.Field
	var unknown []string
	seen := map[string]bool{}
	for _, name := range strings.Split(raw, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		bare := name
		if prefix, rest, ok := strings.Cut(name, "."); ok && strings.EqualFold(prefix, o.APIName) {
			bare = rest
		}
		f := o.Field(bare)
		if f == nil || !f.HasColumn() || !e.FieldReadable(actor, o, f) {
			unknown = append(unknown, httpx.Clip(name))
			continue
		}
		if !seen[f.APIName] {
			seen[f.APIName] = true
			out = append(out, f)
		}
	}
	if len(unknown) > 0 {
		return nil, httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity '%s'.",
			strings.Join(unknown, "', '"), o.APIName)
	}
	if len(out) > maxFields {
		return nil, connectapi.BadInput("fields takes at most %d fields.", maxFields)
	}
	return out, nil
}
