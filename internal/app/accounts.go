package app

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/account"
	"storefront/internal/platform/httpx"
)

// mountAccounts registers the account calls (spec/storefront.md section 7 "Effective accounts" and "Addresses").
// effective-accounts without an id answers that the id is required; PATCH and DELETE without an address id answer
// 'addressId is required'.
func mountAccounts(mux *http.ServeMux, s *account.Service) {
	for _, r := range []struct {
		pattern string
		handle  httpx.HandlerFunc
	}{
		{"GET external-managed-accounts", s.ManagedAccounts},
		{"GET effective-accounts/{effectiveAccountId}", s.EffectiveAccount},
		{"GET effective-accounts/{$}", s.EffectiveAccount},
		{"GET effective-accounts", s.EffectiveAccount},
		{"GET accounts/{accountId}/addresses", s.Addresses},
		{"POST accounts/{accountId}/addresses", s.CreateAddress},
		{"PATCH accounts/{accountId}/addresses/{addressId}", s.UpdateAddress},
		{"PATCH accounts/{accountId}/addresses/{$}", s.UpdateAddress},
		{"PATCH accounts/{accountId}/addresses", s.UpdateAddress},
		{"DELETE accounts/{accountId}/addresses/{addressId}", s.DeleteAddress},
		{"DELETE accounts/{accountId}/addresses/{$}", s.DeleteAddress},
		{"DELETE accounts/{accountId}/addresses", s.DeleteAddress},
	} {
		method, path, _ := strings.Cut(r.pattern, " ")
		mux.Handle(method+" "+commerceBase+path, r.handle)
	}
}
