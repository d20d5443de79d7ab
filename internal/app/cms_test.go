package app_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"storefront/internal/cms"
	"storefront/internal/connectapi"
	"storefront/internal/demo"
	"storefront/internal/records"
)

func siteContents(rest string) string {
	return "/services/data/v64.0/connect/sites/" + demo.SiteID + "/cms/delivery/contents" + rest
}

func channelContents(rest string) string {
	return "/services/data/v64.0/connect/cms/delivery/channels/" + connectapi.ChannelID(demo.SiteID) + "/contents" + rest
}

// logoDocument is the logo's delivery document, field for field.
func logoDocument(published string) string {
	media := "/cms/delivery/media/" + demo.LogoContentKey
	return fmt.Sprintf(`{"contentBody":{"altText":"Storefront Demo Supply","sfdc_cms:media":{"source":{"mimeType":"image/svg+xml","type":"file"},"url":"%[1]s"},"title":"Storefront Demo Supply Logo"},`+
		`"contentKey":"%[2]s","contentNodes":{"altText":{"nodeType":"Text","value":"Storefront Demo Supply"},`+
		`"source":{"fileName":"logo","isExternal":false,"mediaType":"Image","mimeType":"image/svg+xml","nodeType":"MediaSource","unauthenticatedUrl":"%[1]s","url":"%[1]s"},`+
		`"title":{"nodeType":"NameField","value":"Storefront Demo Supply Logo"}},`+
		`"contentType":{"fullyQualifiedName":"sfdc_cms__image","name":"Image"},"language":"en_US",`+
		`"managedContentId":"%[3]s","publishedDate":"%[4]s","title":"Storefront Demo Supply Logo","type":"sfdc_cms__image","urlName":"logo"}`,
		media, demo.LogoContentKey, records.StableID("20Y", 1), published)
}

func TestCMSDeliveryItem(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		published := s.queryString(t, `SELECT lastmodifieddate FROM managedcontent WHERE contentkey = ?`, demo.LogoContentKey)
		logo := logoDocument(published)
		// Everyone sees the logo, by site or channel, by content key or managed content id (15 or 18 characters).
		guest := s.srv.Get(t, siteContents("/"+demo.LogoContentKey), "")
		guest.Want(t, "logo by site", 200, logo)
		if cc := guest.Header.Get("Cache-Control"); cc != "public, max-age=300" {
			t.Fatalf("Cache-Control %q", cc)
		}
		s.srv.Get(t, channelContents("/"+demo.LogoContentKey), "").Want(t, "logo by channel", 200, logo)
		id := records.StableID("20Y", 1)
		s.srv.Get(t, siteContents("/"+id[:15]), "").Want(t, "logo by id", 200, logo)
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Get(t, siteContents("/"+demo.LogoContentKey), buyer).Want(t, "logo for a buyer", 200, logo)
		s.srv.Get(t, "/services/data/v64.0/connect/sites/"+demo.SiteID[:15]+"/cms/delivery/contents/"+demo.LogoContentKey, "").
			Want(t, "15-character site id", 200, logo)

		// With showAbsoluteUrl the media URL is the site's absolute one.
		abs := s.srv.Get(t, siteContents("/"+demo.LogoContentKey+"?showAbsoluteUrl=true"), "")
		if !strings.Contains(abs.Body, `"url":"`+s.srv.URL+"/cms/delivery/media/"+demo.LogoContentKey+`"`) {
			t.Fatalf("absolute URL: %s", abs.Body)
		}

		// Unknown, unpublished and malformed keys are 404; so are sites and channels of no store.
		s.srv.Get(t, siteContents("/MCNOSUCHKEY"), "").Want(t, "unknown key", 404,
			errorBody("NOT_FOUND", `The requested resource does not exist: no published content has the key or ID "MCNOSUCHKEY".`))
		s.exec(t, `UPDATE managedcontent SET ispublished = ? WHERE contentkey = ?`, false, demo.BannerContentKey)
		if r := s.srv.Get(t, siteContents("/"+demo.BannerContentKey), ""); r.Status != 404 {
			t.Fatalf("unpublished banner: %d %s", r.Status, r.Body)
		}
		otherSite := records.StableID("0DM", 77)
		s.srv.Get(t, "/services/data/v64.0/connect/sites/"+otherSite+"/cms/delivery/contents/"+demo.LogoContentKey, "").
			Want(t, "unknown site", 404, errorBody("NOT_FOUND",
				`The requested resource does not exist: no site or channel has the id "`+otherSite+`".`))
		otherChannel := connectapi.ChannelID(otherSite)
		if r := s.srv.Get(t, "/services/data/v64.0/connect/cms/delivery/channels/"+otherChannel+"/contents/"+demo.LogoContentKey, ""); r.Status != 404 {
			t.Fatalf("unknown channel: %d %s", r.Status, r.Body)
		}

		// Parameter errors.
		s.srv.Get(t, "/services/data/v64.0/connect/sites/%20/cms/delivery/contents/"+demo.LogoContentKey, "").
			Want(t, "blank site", 400, errorBody("INVALID_API_INPUT", "Enter a value for channelOrSiteId."))
		s.srv.Get(t, "/services/data/v64.0/connect/sites/"+demo.StoreID+"/cms/delivery/contents/"+demo.LogoContentKey, "").
			Want(t, "store id for a site", 400, errorBody("INVALID_API_INPUT", "Enter a valid prefix for channelOrSiteId."))
		s.srv.Get(t, siteContents("/"+demo.LogoContentKey+"?showAbsoluteUrl=yes"), "").Want(t, "bad Boolean", 400,
			errorBody("INVALID_API_INPUT", "The type entered for showAbsoluteUrl isn't valid. Enter the value as a/an Boolean."))
		s.srv.Get(t, siteContents("/%20"), "").Want(t, "blank key", 400, errorBody("INVALID_API_INPUT", "Enter a value for contentKeyOrId."))

		// A store closed to guests shows its content to signed-in users only.
		s.exec(t, `UPDATE webstore SET guestbrowsingenabled = ?`, false)
		s.srv.Get(t, siteContents("/"+demo.LogoContentKey), "").Want(t, "guest of a closed store", 401,
			errorBody("INVALID_SESSION_ID", "Session expired or invalid"))
		closed := s.srv.Get(t, siteContents("/"+demo.LogoContentKey), buyer)
		closed.Want(t, "buyer of a closed store", 200, logo)
		if cc := closed.Header.Get("Cache-Control"); cc != "private, max-age=300" {
			t.Fatalf("closed store Cache-Control %q", cc)
		}
	})
}

type contentPage struct {
	Contents []struct {
		ContentKey       string         `json:"contentKey"`
		ManagedContentID string         `json:"managedContentId"`
		Title            string         `json:"title"`
		Type             string         `json:"type"`
		ContentBody      map[string]any `json:"contentBody"`
		ContentNodes     map[string]any `json:"contentNodes"`
	} `json:"contents"`
	CurrentPageURL string  `json:"currentPageUrl"`
	NextPageURL    *string `json:"nextPageUrl"`
}

func TestCMSDeliveryListing(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		published := s.queryString(t, `SELECT lastmodifieddate FROM managedcontent WHERE contentkey = ?`, demo.LogoContentKey)
		bannerPublished := s.queryString(t, `SELECT lastmodifieddate FROM managedcontent WHERE contentkey = ?`, demo.BannerContentKey)
		keys := demo.LogoContentKey + "," + demo.BannerContentKey
		// By content keys, summaries (no body) ordered by title; the exact page.
		want := `{"contents":[` +
			`{"contentKey":"` + demo.BannerContentKey + `","contentType":{"fullyQualifiedName":"sfdc_cms__image","name":"Image"},"language":"en_US","managedContentId":"` + records.StableID("20Y", 2) + `","publishedDate":"` + bannerPublished + `","title":"Home Banner","type":"sfdc_cms__image","urlName":"home-banner"},` +
			`{"contentKey":"` + demo.LogoContentKey + `","contentType":{"fullyQualifiedName":"sfdc_cms__image","name":"Image"},"language":"en_US","managedContentId":"` + records.StableID("20Y", 1) + `","publishedDate":"` + published + `","title":"Storefront Demo Supply Logo","type":"sfdc_cms__image","urlName":"logo"}` +
			`],"currentPageUrl":"/services/data/v64.0/connect/sites/` + demo.SiteID + `/cms/delivery/contents?contentKeys=` + url.QueryEscape(keys) + `&page=0","nextPageUrl":null}`
		s.srv.Get(t, siteContents("?contentKeys="+keys), "").Want(t, "by keys", 200, want)

		// With the body, the logo is the same document as the single read.
		var page contentPage
		s.srv.Get(t, channelContents("?contentKeys="+demo.LogoContentKey+"&includeContentBody=true"), "").Decode(t, "with body", 200, &page)
		if len(page.Contents) != 1 || page.Contents[0].ContentBody["title"] != "Storefront Demo Supply Logo" ||
			page.Contents[0].ContentNodes["source"].(map[string]any)["url"] != "/cms/delivery/media/"+demo.LogoContentKey {
			t.Fatalf("with body: %+v", page)
		}
		var byID contentPage
		ids := records.StableID("20Y", 2) + "," + records.StableID("20Y", 1)[:15]
		s.srv.Get(t, siteContents("?managedContentIds="+ids), "").Decode(t, "by ids", 200, &byID)
		if len(byID.Contents) != 2 || byID.Contents[0].ContentKey != demo.BannerContentKey {
			t.Fatalf("by ids: %+v", byID)
		}

		// By type, page by page through nextPageUrl: every published image once.
		total := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM managedcontent WHERE ispublished = ? AND contenttype = 'cms_image'`, true)
		seen := map[string]bool{}
		next := siteContents("?contentTypeFQN=sfdc_cms__image&pageSize=100")
		pages := 0
		for next != "" {
			var p contentPage
			s.srv.Get(t, next, "").Decode(t, next, 200, &p)
			pages++
			if pages == 1 && p.CurrentPageURL != "/services/data/v64.0/connect/sites/"+demo.SiteID+"/cms/delivery/contents?contentTypeFQN=sfdc_cms__image&page=0&pageSize=100" {
				t.Fatalf("currentPageUrl %q", p.CurrentPageURL)
			}
			for _, c := range p.Contents {
				if seen[c.ContentKey] || c.Type != "sfdc_cms__image" || c.ContentBody != nil {
					t.Fatalf("page %d: repeated or wrong item %+v", pages, c)
				}
				seen[c.ContentKey] = true
			}
			next = ""
			if p.NextPageURL != nil {
				if len(p.Contents) != 100 {
					t.Fatalf("page %d has %d items and a next page", pages, len(p.Contents))
				}
				next = *p.NextPageURL
			}
		}
		if fmt.Sprint(len(seen)) != total || total != fmt.Sprint(2+65+demo.DemoProducts) || pages != 4 {
			t.Fatalf("listed %d images in %d pages, want %s in 4", len(seen), pages, total)
		}
		s.srv.Get(t, siteContents("?contentTypeFQN=sfdc_cms__news"), "").Want(t, "no news", 200,
			`{"contents":[],"currentPageUrl":"/services/data/v64.0/connect/sites/`+demo.SiteID+`/cms/delivery/contents?contentTypeFQN=sfdc_cms__news&page=0","nextPageUrl":null}`)
		var last contentPage
		s.srv.Get(t, siteContents("?contentTypeFQN=cms_image&page=3&pageSize=100&referenceDepth=3"), "").Decode(t, "last page", 200, &last)
		if len(last.Contents) != 67 || last.NextPageURL != nil {
			t.Fatalf("last page: %d items, next %v", len(last.Contents), last.NextPageURL)
		}
	})
}

func TestCMSDeliveryParameterErrors(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		bad := func(path, message string) {
			t.Helper()
			s.srv.Get(t, path, "").Want(t, path, 400, errorBody("INVALID_API_INPUT", message))
		}
		typeErr := func(name, typ string) string {
			return "The type entered for " + name + " isn't valid. Enter the value as a/an " + typ + "."
		}
		bad("/services/data/v64.0/connect/sites/%20%20/cms/delivery/contents?contentTypeFQN=sfdc_cms__image", "Enter a value for channelOrSiteId.")
		bad("/services/data/v64.0/connect/cms/delivery/channels/%20/contents", "Enter a value for channelOrSiteId.")
		bad("/services/data/v64.0/connect/sites/"+demo.CommunityID+"/cms/delivery/contents?contentTypeFQN=sfdc_cms__image", "Enter a valid prefix for channelOrSiteId.")
		bad("/services/data/v64.0/connect/cms/delivery/channels/abc/contents?contentTypeFQN=sfdc_cms__image", "Enter a valid prefix for channelOrSiteId.")
		bad(siteContents(""), "Enter input parameters to execute the request.")
		bad(siteContents("?page=1&pageSize=5"), "Enter input parameters to execute the request.")
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&page=first"), typeErr("page", "Integer"))
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&pageSize=2.5"), typeErr("pageSize", "Integer"))
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&referenceDepth=deep"), typeErr("referenceDepth", "Integer"))
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&includeContentBody=yes"), typeErr("includeContentBody", "Boolean"))
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&showAbsoluteUrl=1"), typeErr("showAbsoluteUrl", "Boolean"))
		bad(channelContents("?contentTypeFQN=sfdc_cms__image&page=-1"), "Enter a value of 0 or more for page.")
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&pageSize=0"), "Enter a value from 1 through 250 for pageSize.")
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&pageSize=251"), "Enter a value from 1 through 250 for pageSize.")
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&pageSize=26&includeContentBody=true"), "Enter a value from 1 through 25 for pageSize.")
		bad(siteContents("?contentTypeFQN=sfdc_cms__image&referenceDepth=4"), "Enter a value from 0 through 3 for referenceDepth.")
		bad(siteContents("?contentKeys="+demo.LogoContentKey+"&managedContentIds="+records.StableID("20Y", 1)),
			"Specify either contentKeys or managedContentIds, not both.")
		bad(siteContents("?managedContentIds=01t000000000001"), `The managed content ID "01t000000000001" isn't valid.`)
		many := make([]string, cms.MaxContentKeys+1)
		for i := range many {
			many[i] = fmt.Sprintf("MCKEY%03d", i)
		}
		bad(siteContents("?contentKeys="+strings.Join(many, ",")), "Enter up to 50 content keys.")
		// Parameters are checked before the site is looked up.
		if r := s.srv.Get(t, "/services/data/v64.0/connect/sites/"+records.StableID("0DM", 5)+"/cms/delivery/contents?contentTypeFQN=sfdc_cms__image", ""); r.Status != 404 {
			t.Fatalf("unknown site: %d %s", r.Status, r.Body)
		}
	})
}
