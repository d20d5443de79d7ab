package app

import (
	"context"
	"net/http"

	"storefront/internal/apiversion"
	"storefront/internal/auth"
	"storefront/internal/cms"
	"storefront/internal/commerce/account"
	"storefront/internal/commerce/cart/cartapi"
	"storefront/internal/commerce/catalog"
	"storefront/internal/commerce/checkout"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/search"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/limits"
	"storefront/internal/media"
	"storefront/internal/navigation"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/metrics"
	"storefront/internal/platform/redisx"
	"storefront/internal/recordsapi"
	"storefront/internal/recordsapi/answers"
	"storefront/internal/seo"
	"storefront/internal/sobjects"
	"storefront/internal/soql"
	"storefront/internal/spa"
	"storefront/internal/uiapi"
	"storefront/internal/uiapi/actions"
	"storefront/internal/uiapi/apps"
	"storefront/internal/uiapi/avatars"
	"storefront/internal/uiapi/duplicates"
	"storefront/internal/uiapi/files"
	"storefront/internal/uiapi/graphql"
	"storefront/internal/uiapi/lists"
	"storefront/internal/uiapi/lookups"
	"storefront/internal/uiapi/metadata"
	uirecords "storefront/internal/uiapi/records"
	"storefront/internal/uiapi/relatedlists"
	"storefront/web"
)

// Route is one line of the routing table: a ServeMux pattern ("METHOD /path/{wildcard}") and its handler.
type Route struct {
	Pattern string
	Handler http.Handler
}

// call is a handler that returns its error to the one error writer (httpx.WriteError).
type call = httpx.HandlerFunc

// The API's path prefixes.
const (
	commerce = "/services/data/v64.0/commerce/webstores/{webstoreId}/" // Commerce Webstore Connect API
	uiAPI    = "/services/data/v64.0/ui-api/"                          // UI API records
	connect  = "/services/data/v64.0/connect/"                         // Connect API: navigation, CMS, SEO
	data     = "/services/data/v64.0/"                                 // REST API: SOQL, SOSL, sObjects, limits
)

// routes is the routing table: every call the server answers, read top to bottom as the map of the API. The
// handlers live beside their domain. What no route claims is the web app (deep links included), except under the
// API's prefixes (apiPrefixes), where it is the API's JSON 404 or 405.
func (a *App) routes(s *services) []Route {
	// keep serves a records read's answers from memory while nothing they were built from changed (package answers).
	keep := answers.For(a.DB).Keep
	return []Route{
		{"GET /healthz", http.HandlerFunc(a.healthz)},
		{"GET /readyz", a.readyz(s.search)},
		{"GET " + metrics.Path, metrics.Handler(a.Config.MetricsToken)},

		// Sign-in and sign-out (the web app's cookie session), bearer tokens for API clients (package auth).
		{"POST " + auth.LoginPath, s.auth.LoginHandler()},
		{"GET /logout", s.auth.LogoutHandler()},
		{"POST /logout", s.auth.LogoutHandler()},
		{"POST " + auth.TokenPath, s.auth.TokenHandler()},

		// The signed-in user's profile and password; forgotten passwords (package auth).
		{"GET " + auth.ProfilePath, s.auth.ProfileHandler()},
		{"PATCH " + auth.ProfilePath, s.auth.UpdateProfileHandler()},
		{"POST " + auth.PasswordPath, s.auth.PasswordHandler()},
		{"POST " + auth.ResetPath, s.auth.ResetHandler()},
		{"POST " + auth.ResetConfirmPath, s.auth.ResetConfirmHandler()},

		// API login and identity: token revocation, the SOAP partner login, OpenID userinfo, the identity URL
		// (package auth); the versions served and a version's resources (package apiversion: every listed version
		// reaches this table's v64.0 routes through apiversion.Rewrite).
		{"POST " + auth.RevokePath, s.auth.RevokeHandler()},
		{"POST " + auth.SOAPLoginPath, s.auth.SOAPLoginHandler()},
		{"GET " + auth.UserInfoPath, s.auth.UserInfoHandler()},
		{"GET " + auth.IdentityPath, s.auth.IdentityHandler()},
		{"GET " + auth.ClientsPath, s.auth.ListClientsHandler()},
		{"POST " + auth.ClientsPath, s.auth.CreateClientHandler()},
		{"DELETE " + auth.ClientsPath + "/{clientId}", s.auth.DeleteClientHandler()},
		{"GET /services/data", apiversion.ListHandler()},
		{"GET /services/data/v64.0", apiversion.ResourcesHandler(s.auth.CallerIdentityURL)},

		// The web app's bootstrap and the commerce context calls (package storecontext).
		{"GET /api/site", s.store.Site()},
		{"GET " + commerce + "session-context", s.store.SessionContext()},
		{"GET " + commerce + "application-context", s.store.ApplicationContext()},

		// Accounts a buyer acts for and their address books (package account). effective-accounts without an id
		// answers that the id is required; PATCH and DELETE without an address id answer 'addressId is required'.
		{"GET " + commerce + "external-managed-accounts", call(s.accounts.ManagedAccounts)},
		{"GET " + commerce + "effective-accounts/{effectiveAccountId}", call(s.accounts.EffectiveAccount)},
		{"GET " + commerce + "effective-accounts/{$}", call(s.accounts.EffectiveAccount)},
		{"GET " + commerce + "effective-accounts", call(s.accounts.EffectiveAccount)},
		{"GET " + commerce + "accounts/{accountId}/addresses", call(s.accounts.Addresses)},
		{"POST " + commerce + "accounts/{accountId}/addresses", call(s.accounts.CreateAddress)},
		{"PATCH " + commerce + "accounts/{accountId}/addresses/{addressId}", call(s.accounts.UpdateAddress)},
		{"PATCH " + commerce + "accounts/{accountId}/addresses/{$}", call(s.accounts.UpdateAddress)},
		{"PATCH " + commerce + "accounts/{accountId}/addresses", call(s.accounts.UpdateAddress)},
		{"DELETE " + commerce + "accounts/{accountId}/addresses/{addressId}", call(s.accounts.DeleteAddress)},
		{"DELETE " + commerce + "accounts/{accountId}/addresses/{$}", call(s.accounts.DeleteAddress)},
		{"DELETE " + commerce + "accounts/{accountId}/addresses", call(s.accounts.DeleteAddress)},

		// Records: read, batches, writes, defaults and templates, signed-in callers only (package uiapi/records).
		{"GET " + uiAPI + "records/{recordId}", keep(uiapi.SignedIn(s.uirecs.GetRecord))},
		{"GET " + uiAPI + "records/{recordId}/child-relationships/{relationshipName}", keep(uiapi.SignedIn(s.uirecs.GetChildRelationship))},
		{"GET " + uiAPI + "records/batch/{recordIds}", keep(uiapi.SignedIn(s.uirecs.GetRecordsBatch))},
		{"POST " + uiAPI + "records", uiapi.SignedIn(s.uirecs.CreateRecord)},
		{"POST " + uiAPI + "records/batch", uiapi.SignedIn(s.uirecs.ExecuteBatch)},
		{"PATCH " + uiAPI + "records/{recordId}", uiapi.SignedIn(s.uirecs.UpdateRecord)},
		{"DELETE " + uiAPI + "records/{recordId}", uiapi.SignedIn(s.uirecs.DeleteRecord)},
		{"GET " + uiAPI + "record-defaults/create/{objectApiName}", uiapi.SignedIn(s.uirecs.GetRecordDefaultsCreate)},
		{"GET " + uiAPI + "record-defaults/template/create/{objectApiName}", uiapi.SignedIn(s.uirecs.GetCreateTemplate)},
		{"GET " + uiAPI + "record-defaults/template/clone/{recordId}", uiapi.SignedIn(s.uirecs.GetCloneTemplate)},

		// Object metadata, picklists, layouts, layout user state, path layouts and record-ui, signed-in callers
		// only (package uiapi/metadata).
		{"GET " + uiAPI + "object-info", uiapi.SignedIn(s.meta.GetObjectInfoDirectory)},
		{"GET " + uiAPI + "object-info/{objectApiName}", uiapi.SignedIn(s.meta.GetObjectInfo)},
		{"GET " + uiAPI + "object-info/batch/{objectApiNames}", uiapi.SignedIn(s.meta.GetObjectInfoBatch)},
		{"GET " + uiAPI + "object-info/{objectApiName}/picklist-values/{recordTypeId}", uiapi.SignedIn(s.meta.GetPicklistValuesByRecordType)},
		{"GET " + uiAPI + "object-info/{objectApiName}/picklist-values/{recordTypeId}/{fieldApiName}", uiapi.SignedIn(s.meta.GetPicklistValues)},
		{"GET " + uiAPI + "layout/{objectApiName}", uiapi.SignedIn(s.meta.GetLayout)},
		{"PATCH " + uiAPI + "layout/{objectApiName}", uiapi.SignedIn(s.meta.UpdateLayout)},
		{"DELETE " + uiAPI + "layout/{objectApiName}", uiapi.SignedIn(s.meta.DeleteLayout)},
		{"GET " + uiAPI + "layout/{objectApiName}/user-state", uiapi.SignedIn(s.meta.GetLayoutUserState)},
		{"PATCH " + uiAPI + "layout/{objectApiName}/user-state", uiapi.SignedIn(s.meta.UpdateLayoutUserState)},
		{"GET " + uiAPI + "path/layout/{objectApiName}", uiapi.SignedIn(s.meta.GetPathLayout)},
		{"GET " + uiAPI + "record-ui/{recordIds}", keep(uiapi.SignedIn(s.meta.GetRecordUI))},
		// Duplicate rules and predupe; search filters, search results and lookup values (packages uiapi/duplicates
		// and uiapi/lookups). PUT .../rules/{ruleName} is this server's own call: administrators edit a rule.
		{"GET " + uiAPI + "duplicates/{objectApiName}", uiapi.SignedIn(s.dupes.GetConfiguration)},
		{"PUT " + uiAPI + "duplicates/{objectApiName}/rules/{ruleName}", uiapi.SignedIn(s.dupes.PutRule)},
		{"POST " + uiAPI + "predupe", uiapi.SignedIn(s.dupes.Predupe)},
		{"GET " + uiAPI + "search-info/{objectApiName}/filters", uiapi.SignedIn(s.lookups.Filters)},
		{"GET " + uiAPI + "search-info/{objectApiName}/filters/{filterApiName}/options", uiapi.SignedIn(s.lookups.FilterOptions)},
		{"GET " + uiAPI + "search-info/{objectApiName}/lookup/{fieldApiName}", uiapi.SignedIn(s.lookups.LookupMetadata)},
		{"POST " + uiAPI + "search/results", uiapi.SignedIn(s.lookups.Results)},
		{"POST " + uiAPI + "search/results/keyword", uiapi.SignedIn(s.lookups.Keyword)},
		{"GET " + uiAPI + "lookups/{objectApiName}/{fieldApiName}", uiapi.SignedIn(s.lookups.Lookup)},
		{"POST " + uiAPI + "lookups/{objectApiName}/{fieldApiName}", uiapi.SignedIn(s.lookups.Lookup)},
		{"GET " + uiAPI + "lookups/{objectApiName}/{fieldApiName}/{targetApiName}", uiapi.SignedIn(s.lookups.LookupTarget)},
		{"POST " + uiAPI + "lookups/{objectApiName}/{fieldApiName}/{targetApiName}", uiapi.SignedIn(s.lookups.LookupTarget)},
		// UI API GraphQL: record queries, objectInfos and record mutations over the same engine (package graphql).
		{"POST " + graphql.Path, keep(&graphql.Handler{Engine: a.Engine})},
		// UI API actions: standard buttons and quick actions by permission, quick action info, layout, defaults and
		// performing one (package actions); apps, the selected app and nav items (package apps).
		{"GET " + uiAPI + "actions/global", uiapi.SignedIn(s.actions.GetGlobalActions)},
		{"GET " + uiAPI + "actions/record/{recordIds}", uiapi.SignedIn(s.actions.GetRecordActions)},
		{"GET " + uiAPI + "actions/record/{recordIds}/record-edit", uiapi.SignedIn(s.actions.GetRecordEditActions)},
		{"GET " + uiAPI + "actions/record/{recordIds}/related-list-record/{relatedListRecordIds}", uiapi.SignedIn(s.actions.GetRelatedListRecordActions)},
		{"POST " + uiAPI + "actions/record/{recordIds}/related-list/batch", uiapi.SignedIn(s.actions.PostRelatedListActionsBatch)},
		{"POST " + uiAPI + "actions/record/{recordIds}/related-list/{relatedListId}", uiapi.SignedIn(s.actions.PostRelatedListActions)},
		{"GET " + uiAPI + "actions/lookup/{objectApiNames}", uiapi.SignedIn(s.actions.GetLookupActions)},
		{"GET " + uiAPI + "actions/object/{objectApiName}/record-create", uiapi.SignedIn(s.actions.GetObjectCreateActions)},
		{"GET " + uiAPI + "actions/overrides/{objectApiName}", uiapi.SignedIn(s.actions.GetActionOverrides)},
		{"GET " + uiAPI + "actions/formula-activation/{actionFeature}", uiapi.SignedIn(s.actions.GetFormulaActivation)},
		{"GET " + uiAPI + "actions/quick-action-info/{actionApiName}", uiapi.SignedIn(s.actions.GetQuickActionInfo)},
		{"GET " + uiAPI + "actions/layout/{actionApiName}", uiapi.SignedIn(s.actions.GetQuickActionLayout)},
		{"GET " + uiAPI + "actions/record-defaults/{actionApiName}", uiapi.SignedIn(s.actions.GetQuickActionDefaults)},
		{"POST " + uiAPI + "actions/perform-quick-action/{actionApiName}", uiapi.SignedIn(s.actions.PerformQuickAction)},
		{"PATCH " + uiAPI + "actions/perform-quick-action/{actionApiName}", uiapi.SignedIn(s.actions.PerformQuickAction)},
		{"GET " + uiAPI + "apps", uiapi.SignedIn(s.apps.GetApps)},
		{"GET " + uiAPI + "apps/selected", uiapi.SignedIn(s.apps.GetSelectedApp)},
		{"GET " + uiAPI + "apps/{appId}", uiapi.SignedIn(s.apps.GetApp)},
		{"PATCH " + uiAPI + "apps/{appId}", uiapi.SignedIn(s.apps.SelectApp)},
		{"GET " + uiAPI + "nav-items", uiapi.SignedIn(s.apps.GetNavItems)},

		// Record avatars (Photo or Theme) and the theme icons they and object-info name (package uiapi/avatars);
		// the icons are public images.
		{"GET " + uiAPI + "record-avatars/batch/{recordIds}", uiapi.SignedIn(s.avatars.GetBatch)},
		{"POST " + uiAPI + "record-avatars/{recordId}/association", uiapi.SignedIn(s.avatars.Associate)},
		{"GET " + recordsapi.IconPath + "{kind}/{file}", call(s.icons.Serve)},
		// Files: uploads of documents and versions, and the download of a version's data (package uiapi/files).
		{"POST " + uiAPI + "records/content-documents/content-versions", uiapi.SignedIn(s.files.CreateDocument)},
		{"POST " + uiAPI + "records/content-documents/{contentDocumentId}/content-versions", uiapi.SignedIn(s.files.CreateVersion)},
		{"GET " + data + "sobjects/ContentVersion/{id}/VersionData", recordsapi.SignedIn(recordsapi.REST, s.files.Download)},

		// List views, their records, the recent list, list summaries and preferences (package uiapi/lists). A
		// one-segment path is an object name or a list view id: the handler tells them apart.
		{"GET " + uiAPI + "list-records/{listViewId}", keep(uiapi.SignedIn(s.lists.GetListRecordsByID))},
		{"GET " + uiAPI + "list-records/{objectApiName}/{listViewApiName}", keep(uiapi.SignedIn(s.lists.GetListRecords))},
		{"POST " + uiAPI + "list-records/{objectApiName}/{listViewApiName}", keep(uiapi.SignedIn(s.lists.PostListRecords))},
		{"GET " + uiAPI + "list-ui/{objectApiName}", uiapi.SignedIn(s.lists.GetListSummaries)},
		{"GET " + uiAPI + "list-ui/{objectApiName}/{listViewApiName}", keep(uiapi.SignedIn(s.lists.GetListUI))},
		{"GET " + uiAPI + "mru-list-ui/{objectApiName}", uiapi.SignedIn(s.lists.GetMRUListUI)},
		{"GET " + uiAPI + "mru-list-records/{objectApiName}", uiapi.SignedIn(s.lists.GetMRURecords)},
		{"GET " + uiAPI + "mru-list-info/{objectApiName}", uiapi.SignedIn(s.lists.GetMRUInfo)},
		{"GET " + uiAPI + "list-info/batch", uiapi.SignedIn(s.lists.GetListInfoBatch)},
		{"GET " + uiAPI + "list-info/{objectApiName}", uiapi.SignedIn(s.lists.GetListInfoOrSummaries)},
		{"POST " + uiAPI + "list-info/{objectApiName}", uiapi.SignedIn(s.lists.CreateListInfo)},
		{"PATCH " + uiAPI + "list-info/{listViewId}", uiapi.SignedIn(s.lists.ByID(s.lists.UpdateListInfo))},
		{"DELETE " + uiAPI + "list-info/{listViewId}", uiapi.SignedIn(s.lists.ByID(s.lists.DeleteListInfo))},
		{"GET " + uiAPI + "list-info/{objectApiName}/{listViewApiName}", uiapi.SignedIn(s.lists.GetListInfo)},
		{"PATCH " + uiAPI + "list-info/{objectApiName}/{listViewApiName}", uiapi.SignedIn(s.lists.UpdateListInfo)},
		{"DELETE " + uiAPI + "list-info/{objectApiName}/{listViewApiName}", uiapi.SignedIn(s.lists.DeleteListInfo)},
		{"GET " + uiAPI + "list-object-info/{objectApiName}", uiapi.SignedIn(s.lists.GetListObjectInfo)},
		{"GET " + uiAPI + "list-preferences/{objectApiName}/{listViewApiName}", uiapi.SignedIn(s.lists.GetListPreferences)},
		{"PATCH " + uiAPI + "list-preferences/{objectApiName}/{listViewApiName}", uiapi.SignedIn(s.lists.UpdateListPreferences)},
		// Related lists of a parent: counts, info, the caller's preferences and record pages (package relatedlists).
		{"GET " + uiAPI + "related-list-count/{parentRecordId}/{relatedListId}", uiapi.SignedIn(s.related.GetCount)},
		{"GET " + uiAPI + "related-list-count/batch/{parentRecordId}/{relatedListNames}", uiapi.SignedIn(s.related.GetCountBatch)},
		{"GET " + uiAPI + "related-list-info/{parentObjectApiName}", uiapi.SignedIn(s.related.GetSummaries)},
		{"GET " + uiAPI + "related-list-info/{parentObjectApiName}/{relatedListId}", uiapi.SignedIn(s.related.GetInfo)},
		{"PATCH " + uiAPI + "related-list-info/{parentObjectApiName}/{relatedListId}", uiapi.SignedIn(s.related.UpdateInfo)},
		{"GET " + uiAPI + "related-list-info/batch/{parentObjectApiName}/{relatedListNames}", uiapi.SignedIn(s.related.GetInfoBatch)},
		{"GET " + uiAPI + "related-list-preferences/{preferencesId}", uiapi.SignedIn(s.related.GetPreferences)},
		{"PATCH " + uiAPI + "related-list-preferences/{preferencesId}", uiapi.SignedIn(s.related.UpdatePreferences)},
		{"GET " + uiAPI + "related-list-preferences/batch/{preferencesIds}", uiapi.SignedIn(s.related.GetPreferencesBatch)},
		{"POST " + uiAPI + "related-list-records/{parentRecordId}/{relatedListId}", keep(uiapi.SignedIn(s.related.GetRecords))},
		{"POST " + uiAPI + "related-list-records/batch/{parentRecordId}", keep(uiapi.SignedIn(s.related.GetRecordsBatch))},

		// Product detail, availability and prices; the category tree (package catalog).
		{"GET " + commerce + "products", call(s.catalog.GetProducts)},
		{"GET " + commerce + "products/{productId}", call(s.catalog.GetProduct)},
		{"GET " + commerce + "products/availability", call(s.catalog.GetProductsAvailability)},
		{"GET " + commerce + "products/{productId}/availability", call(s.catalog.GetProductAvailability)},
		{"GET " + commerce + "pricing/products/{productId}", call(s.catalog.GetProductPrice)},
		{"GET " + commerce + "pricing/products", call(s.catalog.GetProductPrices)},
		{"POST " + commerce + "pricing/products", call(s.catalog.PostProductPrices)},
		// Promotion prices and taxes of products, by the cart's own calculation (package cart).
		{"POST " + commerce + "promotions/actions/evaluate-products", call(s.carts.EvaluateProducts)},
		{"POST " + data + "commerce/promotions/actions/evaluate-products", call(s.carts.EvaluateProducts)},
		{"GET " + commerce + "taxes/products/{productId}", call(s.carts.ProductTaxes)},
		{"POST " + commerce + "taxes/actions/calculate-taxes", call(s.carts.CalculateTaxes)},
		{"GET " + commerce + "product-categories/children", call(s.catalog.GetCategoryChildren)},
		{"GET " + commerce + "product-categories/{categoryId}", call(s.catalog.GetCategory)},
		{"GET " + commerce + "product-category-path/product-categories/{categoryId}", call(s.catalog.GetCategoryPath)},

		// Product search, suggestions and sort rules (package search).
		{"POST " + commerce + "search/product-search", call(s.search.ProductSearch)},
		{"GET " + commerce + "search/products", call(s.search.GetProductSearch)},
		{"GET " + commerce + "search/suggestions", call(s.search.GetSuggestions)},
		{"GET " + commerce + "search/sort-rules", call(s.search.GetSortRules)},

		// Carts, their items and coupons (package cart; spec/storefront.md section 7 "Carts").
		{"GET " + commerce + "carts/compact-summary", call(s.carts.CompactSummary)},
		{"GET " + commerce + "carts/{cartStateOrId}/compact-summary", call(s.carts.CompactSummary)},
		{"GET " + commerce + "carts/{cartStateOrId}", call(s.carts.Summary)},
		{"PUT " + commerce + "carts", call(s.carts.Ensure)},
		{"POST " + commerce + "carts", call(s.carts.Create)},
		{"DELETE " + commerce + "carts/{cartStateOrId}", call(s.carts.Delete)},
		{"POST " + commerce + "carts/{cartStateOrId}/actions/preserve", call(s.carts.Preserve)},
		{"POST " + commerce + "carts/{cartStateOrId}/actions/clone", call(s.carts.Clone)},
		{"GET " + commerce + "carts/{cartStateOrId}/cart-items", call(s.carts.Items)},
		{"POST " + commerce + "carts/{cartStateOrId}/cart-items", call(s.carts.AddItem)},
		{"POST " + commerce + "carts/{cartStateOrId}/cart-items/batch", call(s.carts.AddBatch)},
		{"PATCH " + commerce + "carts/{cartStateOrId}/cart-items/{cartItemId}", call(s.carts.UpdateItem)},
		{"DELETE " + commerce + "carts/{cartStateOrId}/cart-items/{cartItemId}", call(s.carts.DeleteItem)},
		{"POST " + commerce + "carts/{cartStateOrId}/cart-coupons", call(s.carts.ApplyCoupon)},
		{"DELETE " + commerce + "carts/{cartStateOrId}/cart-coupons/{cartCouponId}", call(s.carts.RemoveCoupon)},
		{"PUT " + commerce + "carts/{cartStateOrId}/inventory-reservations", call(s.carts.Reserve)},
		{"GET " + commerce + "carts/{cartStateOrId}/products", call(s.carts.Products)},

		// Delivery groups of a cart (package cart; spec/storefront.md section 7 "Delivery groups").
		{"GET " + commerce + "carts/{cartStateOrId}/delivery-groups", call(s.carts.ListGroups)},
		{"POST " + commerce + "carts/{cartStateOrId}/delivery-groups", call(s.carts.CreateGroup)},
		{"POST " + commerce + "carts/{cartStateOrId}/delivery-groups/actions/arrange-items", call(s.carts.ArrangeItems)},
		{"GET " + commerce + "carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}", call(s.carts.GetGroup)},
		{"PATCH " + commerce + "carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}", call(s.carts.UpdateGroupCall)},
		{"DELETE " + commerce + "carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}", call(s.carts.DeleteGroup)},

		// Checkout, payments and placing the order (package checkout; section 7 "Checkouts").
		{"PUT " + commerce + "checkouts", call(s.checkout.Start)},
		{"POST " + commerce + "checkouts", call(s.checkout.Start)},
		{"GET " + commerce + "checkouts/{checkoutId}", call(s.checkout.Get)},
		{"PATCH " + commerce + "checkouts/{checkoutId}", call(s.checkout.Patch)},
		{"DELETE " + commerce + "checkouts/{checkoutId}", call(s.checkout.Delete)},
		{"POST " + commerce + "checkouts/{checkoutId}/coupons", call(s.checkout.ApplyCoupon)},
		{"DELETE " + commerce + "checkouts/{checkoutId}/coupons/{couponId}", call(s.checkout.RemoveCoupon)},
		{"POST " + commerce + "checkouts/{checkoutId}/payments", call(s.checkout.Pay)},
		{"POST " + commerce + "checkouts/{checkoutId}/orders", call(s.checkout.PlaceOrder)},
		{"POST " + commerce + "checkouts/{checkoutId}/orders/actions", call(s.checkout.Actions)},
		{"POST " + commerce + "payments/token", call(s.checkout.Token)},

		// Order history and reorder (package order).
		{"GET " + commerce + "order-summaries", call(s.orders.List)},
		{"POST " + commerce + "order-summaries/actions/lookup", call(s.orders.Lookup)},
		{"GET " + commerce + "order-summaries/{orderSummaryId}", call(s.orders.Get)},
		{"GET " + commerce + "order-summaries/{orderSummaryId}/items", call(s.orders.Items)},
		{"POST " + commerce + "order-summaries/{orderSummaryId}/actions/add-order-to-cart", call(s.orders.AddToCart)},

		// Navigation menus: the Connect resource and the server action the storefront calls (package navigation), on
		// every page of the storefront: kept as the records reads are.
		{"GET " + connect + "communities/{communityId}/navigation-menu/navigation-menu-items", keep(s.nav.Connect())},
		{"GET /lwr/apex/v64.0/{apexClass}/{apexMethod}", keep(s.nav.Apex())},
		{"POST /lwr/apex/v64.0/{apexClass}/{apexMethod}", keep(s.nav.Apex())},

		// SOQL over the records engine's metadata, signed-in callers only, each within their visibility (package soql).
		{"GET " + data + "query", s.query.Query()},
		{"GET " + data + "queryAll", s.query.QueryAll()},
		{"GET " + data + "query/{locator}", s.query.More()},

		// Text search (SOSL and parameterized), the caller's recent records (package soql); the org's limits (package
		// limits); who is signed in, in the Connect API's shape (package auth).
		{"GET " + data + "search", s.query.Search()},
		{"GET " + data + "parameterizedSearch", s.query.ParameterizedSearch()},
		{"POST " + data + "parameterizedSearch", s.query.ParameterizedSearch()},
		{"GET " + data + "recent", s.query.Recent()},
		{"GET " + data + "limits", s.limits.Handler()},
		{"GET " + data + "chatter/users/me", s.auth.ChatterMeHandler()},

		// sObject REST over the records engine: describe, records, upsert, changes (package sobjects); signed-in
		// callers only, each within their visibility.
		{"GET " + data + "sobjects", s.sobjects.Global()},
		{"GET " + data + "sobjects/{object}", s.sobjects.Basic()},
		{"POST " + data + "sobjects/{object}", s.sobjects.Create()},
		{"GET " + data + "sobjects/{object}/describe", s.sobjects.Describe()},
		{"GET " + data + "sobjects/{object}/updated", s.sobjects.Updated()},
		{"GET " + data + "sobjects/{object}/deleted", s.sobjects.Deleted()},
		{"GET " + data + "sobjects/{object}/{id}", s.sobjects.Get()},
		{"PATCH " + data + "sobjects/{object}/{id}", s.sobjects.Update()},
		{"DELETE " + data + "sobjects/{object}/{id}", s.sobjects.Delete()},
		{"PATCH " + data + "sobjects/{object}/{field}/{value}", s.sobjects.Upsert()},
		{"POST " + data + "composite", s.sobjects.Composite()},
		{"POST " + data + "composite/batch", s.sobjects.Batch()},
		{"POST " + data + "composite/sobjects", s.sobjects.CreateCollection()},
		{"PATCH " + data + "composite/sobjects", s.sobjects.UpdateCollection()},
		{"DELETE " + data + "composite/sobjects", s.sobjects.DeleteCollection()},
		{"PATCH " + data + "composite/sobjects/{object}/{field}", s.sobjects.UpsertCollection()},
		{"GET " + data + "composite/sobjects/{object}", s.sobjects.RetrieveCollection()},
		{"POST " + data + "composite/sobjects/{object}", s.sobjects.RetrieveCollection()},
		{"POST " + data + "composite/tree/{object}", s.sobjects.Tree()},

		// CMS delivery: a site's content and its channel's, one item or a listing (package cms), and the media.
		{"GET " + connect + "sites/{siteId}/cms/delivery/contents/{contentKeyOrId}", s.cms.Item()},
		{"GET " + connect + "cms/delivery/channels/{channelId}/contents/{contentKeyOrId}", s.cms.Item()},
		{"GET " + connect + "sites/{siteId}/cms/delivery/contents", s.cms.List()},
		{"GET " + connect + "cms/delivery/channels/{channelId}/contents", s.cms.List()},
		{"GET /cms/delivery/media/{contentKey}", media.Handler(a.DB)},

		// SEO properties of product and category pages (package seo).
		{"GET " + connect + "communities/{communityId}/seo/properties/{recordId}", s.seo.Properties()},
	}
}

// services are the domains' handlers, one of each, over one records engine: one metadata registry, so every domain
// sees a custom field the moment it is added.
type services struct {
	auth     *auth.Service
	store    *storecontext.Handlers
	meta     *metadata.Handler
	uirecs   *uirecords.Handler
	lists    *lists.Handler
	related  *relatedlists.Handler
	avatars  *avatars.Handler
	icons    *avatars.Icons
	files    *files.Handler
	query    *soql.Handler
	dupes    *duplicates.Handler
	lookups  *lookups.Handler
	sobjects *sobjects.Handler
	catalog  *catalog.Handlers
	search   *search.Service
	carts    *cartapi.Handlers // the cart calls over the app's cart service
	accounts *account.Service
	checkout *checkout.Service
	orders   *order.Service
	nav      *navigation.Handlers
	cms      *cms.Handlers
	seo      *seo.Handlers
	limits   *limits.Counter
	actions  *actions.Handler
	apps     *apps.Handler
	redis    *redisx.Client // nil without --redis
}

// authService is sign-in over the app's database (its counters in Redis when configured), trusting X-Forwarded-For only from the configured proxies.
func (a *App) authService() *auth.Service {
	svc := auth.NewService(a.Engine, a.Config.BasePath)
	svc.TrustedProxies = a.trustedProxies
	svc.PublicURL = a.publicURL
	svc.Mailer, svc.ResetOrigin, svc.ResetTTL = a.mailer, a.Config.PublicURL, a.Config.ResetTTL
	if a.Redis != nil { // counters every instance sees, off the database's write path
		svc.Counters = auth.RedisCounters(a.Redis.Redis(), svc.FailureMemory)
	}
	return svc
}

func (a *App) services() *services {
	engine, carts := a.Engine, a.carts
	base := a.Config.BasePath
	signIn := a.authService()
	meta := &metadata.Handler{Engine: engine}
	return &services{
		auth:     signIn,
		store:    &storecontext.Handlers{DB: a.DB, BasePath: base},
		meta:     meta,
		uirecs:   &uirecords.Handler{Engine: engine, LayoutFields: meta.RecordLayoutFields, ObjectInfo: meta.ObjectInfoOf},
		lists:    &lists.Handler{Engine: engine},
		related:  &relatedlists.Handler{Engine: engine},
		actions:  &actions.Handler{Engine: engine},
		apps:     &apps.Handler{Engine: engine},
		avatars:  &avatars.Handler{Engine: engine},
		icons:    &avatars.Icons{Engine: engine},
		files:    &files.Handler{Engine: engine, MaxSize: files.MaxSizeFromEnv()},
		query:    &soql.Handler{Engine: engine},
		dupes:    &duplicates.Handler{Engine: engine},
		lookups:  &lookups.Handler{Engine: engine},
		sobjects: &sobjects.Handler{Engine: engine, Log: a.Log},
		catalog:  catalog.New(a.DB, engine.Registry),
		search:   search.New(a.DB, engine.Registry),
		carts:    cartapi.New(carts),
		accounts: &account.Service{DB: a.DB, Engine: engine},
		checkout: &checkout.Service{DB: a.DB, Engine: engine, Carts: carts, Log: a.Log},
		orders:   &order.Service{DB: a.DB, Engine: engine, Carts: carts, Log: a.Log},
		nav:      &navigation.Handlers{DB: a.DB},
		cms:      &cms.Handlers{DB: a.DB, BasePath: base},
		seo:      &seo.Handlers{DB: a.DB, Engine: engine, BasePath: base},
		limits:   &limits.Counter{},
		redis:    a.Redis,
	}
}

// accessLog is the access-log policy: failures and slow requests always, one in AccessLogSample of the others (every
// request when unset, as in tests).
func (a *App) accessLog() httpx.AccessLog {
	return httpx.AccessLog{SampleEvery: a.Config.AccessLogSample, Slow: httpx.SlowRequest}
}

// Routes returns the routing table, for tests and tools that walk every route.
func (a *App) Routes() []Route { return a.routes(a.services()) }

// Handler builds the server: the routing table, the API's JSON answers for what it does not route, the web app for
// everything else, and the middleware every request passes.
func (a *App) Handler() http.Handler {
	s := a.services()
	go s.search.Warm(context.Background())
	mux := http.NewServeMux()
	for _, rt := range a.routes(s) {
		mux.Handle(rt.Pattern, httpx.Route(rt.Pattern, rt.Handler))
	}
	unrouted := unroutedAPI(mux)
	for _, p := range apiPrefixes {
		mux.Handle(p, unrouted)
	}
	mux.Handle("/", spa.Handler(web.FS(), a.Config.BasePath))

	withPrincipal := auth.Middleware(s.auth)
	versioned := apiversion.Rewrite(mux) // any listed API version reaches the table's v64.0 routes
	s.sobjects.Dispatch = versioned      // composite subrequests meet the handlers a direct call meets
	counted := s.limits.Count(versioned) // REST calls count against the daily limit once, composites included
	// The server's own paths refuse text no database can store before any handler or SQL sees it.
	server := httpx.RefuseBadText(withPrincipal(counted))
	return oneLeadingSlash(httpx.SecurityHeaders(httpx.Observe(a.Log, a.accessLog(), httpx.JSONResponses(underBasePath(a.Config.BasePath, server, withPrincipal(counted))))))
}
