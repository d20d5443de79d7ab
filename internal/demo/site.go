package demo

import (
	"html"

	"storefront/internal/records"
)

// Navigation menus of the demo site (spec section 2: Default_Navigation4 is the main menu with its home link,
// Default_User_Profile_Menu3 the profile menu).
const (
	MainMenu    = "Default_Navigation4"
	ProfileMenu = "Default_User_Profile_Menu3"
)

// Content keys of the site's own content.
var (
	LogoContentKey   = contentKey("site", 1)
	BannerContentKey = contentKey("site", 2)
)

// seedNavigation writes the main menu (Home, then the category tree: twelve top-level entries, more than a 900 px
// bar holds, so the bar overflows into More) and the profile menu.
func (w *writer) seedNavigation(cats []category) error {
	sets := w.table("NavigationLinkSet", "DeveloperName", "MasterLabel", "NetworkId")
	items := w.table("NavigationMenuItem", "NavigationLinkSetId", "Label", "Type", "Target", "TargetPrefs", "Position",
		"ParentId", "Status", "ImageUrl")
	mainID, profileID := records.StableID(prefixLinkSet, 1), records.StableID(prefixLinkSet, 2)
	if err := sets.add(mainID, MainMenu, "Default Navigation", CommunityID); err != nil {
		return err
	}
	if err := sets.add(profileID, ProfileMenu, "Default User Profile Menu", CommunityID); err != nil {
		return err
	}
	next := int64(0)
	add := func(set, label, kind, target, prefs string, pos int, parent any) (string, error) {
		next++
		id := records.StableID(prefixMenuItem, next)
		return id, items.add(id, set, label, kind, target, nullable(prefs), pos, parent, "Live", nil)
	}
	if _, err := add(mainID, "Home", "InternalLink", "/", "", 0, nil); err != nil {
		return err
	}
	// Categories come depth first, so a parent's item exists before its children's.
	itemOf := map[string]string{}
	for _, c := range cats {
		var parent any
		pos := c.Sort / 10
		if c.ParentID != "" {
			parent = itemOf[c.ParentID]
		}
		id, err := add(mainID, c.Name, "ProductCategory", c.ID, "", pos, parent)
		if err != nil {
			return err
		}
		itemOf[c.ID] = id
	}
	for i, it := range []struct{ label, kind, target string }{
		{"My Account", "InternalLink", "/my-account"},
		{"Order History", "InternalLink", "/orders"},
		{"Quick Order", "InternalLink", "/quick-order"},
		{"Addresses", "InternalLink", "/my-account/addresses"},
		{"Log Out", "Event", "Logout"},
	} {
		if _, err := add(profileID, it.label, it.kind, it.target, "", i+1, nil); err != nil {
			return err
		}
	}
	return nil
}

// seedSiteContent writes the logo and the home banner; their SVG is stored in the content body and served as is.
func (w *writer) seedSiteContent() error {
	content := w.table("ManagedContent", "ContentKey", "Title", "ContentType", "UrlName", "Url", "AltText",
		"MimeType", "Body", "IsPublished")
	if err := content.add(records.StableID(prefixContent, 1), LogoContentKey, "Storefront Demo Supply Logo",
		"cms_image", "logo", mediaURL(LogoContentKey), StoreName, "image/svg+xml", logoSVG(), true); err != nil {
		return err
	}
	return content.add(records.StableID(prefixContent, 2), BannerContentKey, "Home Banner", "cms_image",
		"home-banner", mediaURL(BannerContentKey), "Everything your facility runs on, delivered.",
		"image/svg+xml", bannerSVG(), true)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func logoSVG() string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="250" height="60" viewBox="0 0 250 60" role="img">` +
		`<title>` + html.EscapeString(StoreName) + `</title>` +
		`<rect x="4" y="10" width="40" height="40" rx="8" fill="#C23934"/>` +
		`<path d="M24 17l11 6v14l-11 6-11-6V23zM13 23l11 6 11-6M24 29v14" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
		`<text x="54" y="30" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="#1B2A41">Storefront</text>` +
		`<text x="54" y="48" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#54698D">Demo Supply</text></svg>`
}

// bannerSVG is the home banner's artwork. It carries no text: the home page sets its headline over it as HTML
// text, which stays readable at every width (text drawn into a 1920-pixel image shrinks to a few pixels on a phone).
func bannerSVG() string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="480" viewBox="0 0 1920 480">` +
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
		`<stop offset="0" stop-color="#1B2A41"/><stop offset="1" stop-color="#324A6D"/></linearGradient></defs>` +
		`<rect width="1920" height="480" fill="url(#g)"/>` +
		`<circle cx="1560" cy="240" r="170" fill="#C23934" opacity="0.85"/>` +
		`<rect x="1480" y="170" width="160" height="140" rx="10" fill="#fff" opacity="0.9"/></svg>`
}
