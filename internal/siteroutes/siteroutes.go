// Package siteroutes names the storefront's page routes for records, so that every server answer that links to a
// page (navigation menu items, SEO canonical URLs) builds the same path the web app routes. Paths are relative to
// the site base path; the web app's router resolves them under its basename.
package siteroutes

import (
	"net/http"
	"net/url"
	"strings"
)

// Record page routes, as Salesforce's B2B storefront names them: /product/{urlName}/{recordId} and
// /category/{urlName}/{recordId}. The URL name is cosmetic (the record id decides); a record without one gets
// "detail".
const (
	ProductPattern  = "/product/{urlName}/{productId}"
	CategoryPattern = "/category/{urlName}/{categoryId}"
)

// ProductPath is the storefront path of a product page.
func ProductPath(urlName, productID string) string { return recordPath("product", urlName, productID) }

// CategoryPath is the storefront path of a category page.
func CategoryPath(urlName, categoryID string) string {
	return recordPath("category", urlName, categoryID)
}

func recordPath(kind, urlName, id string) string {
	urlName = strings.TrimSpace(urlName)
	if urlName == "" {
		urlName = "detail"
	}
	return "/" + kind + "/" + url.PathEscape(urlName) + "/" + url.PathEscape(id)
}

// SiteURL is the absolute URL of the request's site root: scheme (https behind a proxy that says so), host and
// base path ("" or "/shop").
func SiteURL(r *http.Request, basePath string) string {
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	return scheme + "://" + r.Host + basePath
}
