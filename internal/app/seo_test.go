package app_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/records"
	"storefront/internal/seo"
)

func seoPath(recordID, query string) string {
	return "/services/data/v64.0/connect/communities/" + demo.CommunityID + "/seo/properties/" + recordID + query
}

func TestSEOProperties(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		product := records.StableID("01t", 1)
		name := s.queryString(t, `SELECT name FROM product2 WHERE id = ?`, product)
		description := s.queryString(t, `SELECT description FROM product2 WHERE id = ?`, product)
		urlName := s.queryString(t, `SELECT urlname FROM product2 WHERE id = ?`, product)
		sku := s.queryString(t, `SELECT stockkeepingunit FROM product2 WHERE id = ?`, product)
		canonical := s.srv.URL + "/product/" + urlName + "/" + product
		str := func(v string) *string { return &v }
		want := seo.Properties{CanonicalURL: canonical, ComplexFields: map[string]any{}, Description: str(description),
			Fields: map[string]*string{"Name": str(name), "StockKeepingUnit": str(sku), "IsActive": str("true"),
				"PackSize": str("12"), "Weight": nil},
			HrefLangURLs: map[string]string{"en-US": canonical}, IsSeoIndexed: true, ObjectName: "Product",
			RecordID: product, RecordName: name, Title: name}
		// A guest sees an entitled product; fields come back as strings, empty ones null.
		r := s.srv.Get(t, seoPath(product[:15], "?fields=Name,StockKeepingUnit,isactive,PackSize,Weight"), "")
		r.Want(t, "product", 200, apitest.JSON(want))
		if cc := r.Header.Get("Cache-Control"); cc != "private, max-age=300" {
			t.Fatalf("Cache-Control %q", cc)
		}
		want.Fields = map[string]*string{}
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Get(t, seoPath(product, ""), buyer).Want(t, "product for a buyer", 200, apitest.JSON(want))

		category := records.StableID("0ZG", 1)
		catURL := s.srv.URL + "/category/office-supplies/" + category
		s.srv.Get(t, seoPath(category, "?fields=Name,SortOrder"), "").Want(t, "category", 200, apitest.JSON(seo.Properties{
			CanonicalURL: catURL, ComplexFields: map[string]any{},
			Description:  str(s.queryString(t, `SELECT description FROM productcategory WHERE id = ?`, category)),
			Fields:       map[string]*string{"Name": str("Office Supplies"), "SortOrder": str("10")},
			HrefLangURLs: map[string]string{"en-US": catURL}, IsSeoIndexed: true, ObjectName: "Product Category",
			RecordID: category, RecordName: "Office Supplies", Title: "Office Supplies"}))

		// Unknown records, records that are not pages, malformed ids and other communities are 404.
		for what, path := range map[string]string{
			"unknown product":         seoPath(records.StableID("01t", 999999), ""),
			"an account":              seoPath(demo.BuyerAccountID, ""),
			"malformed":               seoPath("01tNOPE", ""),
			"other community":         "/services/data/v64.0/connect/communities/" + records.StableID("0DB", 9) + "/seo/properties/" + product,
			"a site, not a community": "/services/data/v64.0/connect/communities/" + demo.SiteID + "/seo/properties/" + product,
		} {
			if r := s.srv.Get(t, path, ""); r.Status != 404 || r.Body[:15] != `[{"errorCode":"` {
				t.Fatalf("%s: %d %s", what, r.Status, r.Body)
			}
		}
		s.srv.Get(t, seoPath(demo.BuyerAccountID, ""), "").Want(t, "account", 404, errorBody("NOT_FOUND",
			`The requested resource does not exist: no product or category page has the ID "`+demo.BuyerAccountID+`".`))
		s.srv.Get(t, seoPath(product, "?fields=Name,Bogus"), "").Want(t, "unknown field", 400,
			errorBody("INVALID_FIELD", "No such column 'Bogus' on entity 'Product2'."))
		foreign := demo.ManagedAccountIDs[1]
		s.srv.Get(t, seoPath(product, "?effectiveAccountId="+foreign), buyer).Want(t, "foreign account", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+foreign+`".`))

		// Entitlement: without the guest group's entitlement, guests no longer see the product; buyers still do.
		s.exec(t, `DELETE FROM commerceentitlementbuyergroup WHERE buyergroupid = ?`, demo.GuestGroup)
		if r := s.srv.Get(t, seoPath(product, ""), ""); r.Status != 404 {
			t.Fatalf("guest without entitlement: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Get(t, seoPath(product, ""), buyer); r.Status != 200 {
			t.Fatalf("entitled buyer: %d %s", r.Status, r.Body)
		}
		// The manager's managed account is in the enterprise group: entitled too. Without the contractors'
		// entitlement, the buyer (a contractor) is not.
		manager := s.srv.Token(t, "manager@example.com")
		if r := s.srv.Get(t, seoPath(product, "?effectiveAccountId="+demo.ManagedAccountIDs[0]), manager); r.Status != 200 {
			t.Fatalf("manager for a managed account: %d %s", r.Status, r.Body)
		}
		s.exec(t, `DELETE FROM commerceentitlementbuyergroup WHERE buyergroupid = ?`, demo.ContractorsGroup)
		if r := s.srv.Get(t, seoPath(product, ""), buyer); r.Status != 404 {
			t.Fatalf("buyer without entitlement: %d %s", r.Status, r.Body)
		}

		// An inactive product is hidden from buyers; staff preview it, not indexed.
		s.exec(t, `UPDATE product2 SET isactive = ? WHERE id = ?`, false, product)
		if r := s.srv.Get(t, seoPath(product, ""), manager); r.Status != 404 {
			t.Fatalf("inactive product for a buyer: %d %s", r.Status, r.Body)
		}
		admin := s.srv.Token(t, "admin@example.com")
		var staff seo.Properties
		s.srv.Get(t, seoPath(product, ""), admin).Decode(t, "staff preview", 200, &staff)
		if staff.IsSeoIndexed || staff.RecordID != product {
			t.Fatalf("staff preview of an inactive product: %+v", staff)
		}

		// A store closed to guests answers guests 401.
		s.exec(t, `UPDATE webstore SET guestbrowsingenabled = ?`, false)
		if r := s.srv.Get(t, seoPath(category, ""), ""); r.Status != 401 {
			t.Fatalf("guest of a closed store: %d", r.Status)
		}
	})
}

// Under a site base path, every call works under it and absolute URLs carry it; menu links stay relative to it.
func TestContentUnderBasePath(t *testing.T) {
	eachDemoAt(t, "shop", func(t *testing.T, s *demoSite) {
		product := records.StableID("01t", 1)
		var props seo.Properties
		s.srv.Get(t, "/shop"+seoPath(product, ""), "").Decode(t, "SEO under /shop", 200, &props)
		urlName := s.queryString(t, `SELECT urlname FROM product2 WHERE id = ?`, product)
		if want := s.srv.URL + "/shop/product/" + urlName + "/" + product; props.CanonicalURL != want || props.HrefLangURLs["en-US"] != want {
			t.Fatalf("canonical %q, want %q", props.CanonicalURL, want)
		}
		logo := s.srv.Get(t, "/shop/services/data/v64.0/connect/sites/"+demo.SiteID+"/cms/delivery/contents/"+demo.LogoContentKey+"?showAbsoluteUrl=true", "")
		if !strings.Contains(logo.Body, `"url":"`+s.srv.URL+"/shop/cms/delivery/media/"+demo.LogoContentKey+`"`) {
			t.Fatalf("absolute media URL under /shop: %d %s", logo.Status, logo.Body)
		}
		if r := s.srv.Get(t, "/shop/cms/delivery/media/"+demo.LogoContentKey, ""); r.Status != 200 {
			t.Fatalf("media under /shop: %d", r.Status)
		}
		menu := s.srv.Get(t, "/shop"+apexGet(navParams(demo.MainMenu, true)), "")
		if menu.Status != 200 || !strings.Contains(menu.Body, `"actionValue":"/category/office-supplies/`+records.StableID("0ZG", 1)+`"`) {
			t.Fatalf("menu under /shop: %d %.300s", menu.Status, menu.Body)
		}
		if r := s.srv.Get(t, "/shop"+commercePath("carts/compact-summary"), ""); r.Status != 200 {
			t.Fatalf("cart badge under /shop: %d", r.Status)
		}
	})
}
