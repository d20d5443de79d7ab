// Package account answers the calls about the accounts a buyer acts for: the accounts they may switch to
// (external-managed-accounts), one such account's details (effective-accounts/{effectiveAccountId}) and each
// account's address book (accounts/{accountId|current}/addresses). Addresses are ContactPointAddress records:
// they are read with typed SQL and written through the records engine, whose hooks (defaults.go) keep one default
// address per account and type whoever writes them, the console included.
package account

import (
	"context"
	"errors"
	"net/http"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Service serves the account calls.
type Service struct {
	DB     *db.DB
	Engine *records.Engine
}

// addressObject is the object of the address book.
const addressObject = "ContactPointAddress"

// Register hooks the address book's rules into the engine, so that every writer keeps them. Call it at start.
func Register(e *records.Engine) {
	e.OnRecords(addressObject, records.Hooks{
		BeforeSave: func(ctx context.Context, ev *records.SaveEvent) error {
			if err := checkAddresses(ctx, e, ev); err != nil {
				return err
			}
			return deriveCountryCode(ctx, ev)
		},
		AfterSave:   func(ctx context.Context, ev *records.SaveEvent) error { return settleAfterSave(ctx, e, ev) },
		AfterDelete: func(ctx context.Context, ev *records.DeleteEvent) error { return settleAfterDelete(ctx, e, ev) },
	})
}

// accountAddress is an account's billing address as the account switcher shows it (ExternalManagedAccountAddress).
type accountAddress struct {
	Street  *string `json:"street"`
	City    *string `json:"city"`
	State   *string `json:"state"`
	Country *string `json:"country"`
	Zip     *string `json:"zip"`
}

// cpaDisabled answers callers who have no address book: guests, and staff who belong to no account. The message is
// the one the storefront client gives itself in that case (spec/storefront.md section 8).
func cpaDisabled() error {
	return httpx.Errorf(http.StatusForbidden, "FUNCTIONALITY_NOT_ENABLED", "CPA disabled")
}

// writeError turns a write the engine refused into the commerce error list: its status, first code and message.
func writeError(err error) error {
	var we *records.WriteError
	switch {
	case errors.As(err, &we):
		code := "INVALID_API_INPUT" // the address rules' refusals (records.CodeRule) too
		if codes := we.Codes(); len(codes) > 0 && codes[0] != records.CodeRule {
			code = codes[0]
		}
		return httpx.Errorf(we.Status, code, "%s", we.Message())
	case errors.Is(err, records.ErrNotFound):
		return httpx.NotFound("The requested resource does not exist.")
	}
	return err
}

// shopper runs the commerce preamble (store, guest browsing, effectiveAccountId).
func (s *Service) shopper(r *http.Request) (*storecontext.Shopper, error) {
	return storecontext.ShopperFor(r, s.DB)
}
