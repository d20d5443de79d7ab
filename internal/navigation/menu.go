// Package navigation answers the storefront's navigation menus: the Connect resource
// /connect/communities/{communityId}/navigation-menu/navigation-menu-items and the server action the storefront
// calls for it, NavigationMenuItemsController.getConnectNavigationItems at /lwr/apex/v64.0/{class}/{method}. A menu
// is a NavigationLinkSet record and its NavigationMenuItem records, a tree through ParentId.
package navigation

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/siteroutes"
)

// Item is NavigationMenuItemRepresentation.
type Item struct {
	ActionType  string  `json:"actionType"` // Event, ExternalLink or InternalLink
	ActionValue *string `json:"actionValue"`
	ImageURL    *string `json:"imageUrl"`
	Label       string  `json:"label"`
	SubMenu     []Item  `json:"subMenu"`
	Target      string  `json:"target"` // CurrentWindow or NewWindow
}

// Collection is NavigationMenuItemCollectionRepresentation.
type Collection struct {
	MenuItems []Item `json:"menuItems"`
}

// Action types on the wire, and the window targets.
const (
	InternalLink  = "InternalLink"
	ExternalLink  = "ExternalLink"
	Event         = "Event"
	CurrentWindow = "CurrentWindow"
	NewWindow     = "NewWindow"
)

// ItemTypes are the stored item types a caller may skip (menuItemTypesToSkip). ProductCategory items count as
// SalesforceObject, the record link they are.
var ItemTypes = []string{"Event", "ExternalLink", "GlobalAction", "InternalLink", "MenuLabel", "NavigationalTopic",
	"SalesforceObject", "SystemLink"}

// Request says which menu to answer and how.
type Request struct {
	CommunityID      string // the store's community (18 characters)
	LinkSetName      string // NavigationLinkSet.DeveloperName, or
	LinkSetID        string // NavigationLinkSet.Id
	AddHome          bool   // keep (or add) the home link first; false drops it
	IncludeImageURLs bool
	Draft            bool            // include items whose Status is Draft (staff previews)
	SkipTypes        map[string]bool // stored types (as in ItemTypes) to leave out, with their submenus
}

// HomeLabel is the label of a home link the menu does not store.
const HomeLabel = "Home"

// Load answers a menu; a link set that does not exist in the community is 404.
func Load(ctx context.Context, d *db.DB, req Request) (*Collection, error) {
	setID, err := linkSet(ctx, d, req)
	if err != nil {
		return nil, err
	}
	rows, err := loadRows(ctx, d, setID, req.Draft)
	if err != nil {
		return nil, err
	}
	items := buildTree(rows, req)
	return &Collection{MenuItems: withHome(items, req.AddHome)}, nil
}

func linkSet(ctx context.Context, d *db.DB, req Request) (string, error) {
	var (
		id  string
		err error
	)
	if req.LinkSetID != "" {
		full, ok := records.NormalizeID(req.LinkSetID)
		if !ok {
			return "", menuNotFound(req.LinkSetID)
		}
		err = d.QueryRow(ctx, `SELECT id FROM navigationlinkset WHERE id = ? AND (networkid = ? OR networkid = ?)`,
			full, req.CommunityID, req.CommunityID[:15]).Scan(&id)
	} else {
		err = d.QueryRow(ctx, `SELECT id FROM navigationlinkset WHERE developername = ? AND (networkid = ? OR networkid = ?)
			ORDER BY id LIMIT 1`, req.LinkSetName, req.CommunityID, req.CommunityID[:15]).Scan(&id)
	}
	if errors.Is(err, sql.ErrNoRows) {
		name := req.LinkSetName
		if req.LinkSetID != "" {
			name = req.LinkSetID
		}
		return "", menuNotFound(name)
	}
	return id, err
}

func menuNotFound(name string) error {
	return httpx.NotFound("The navigation menu %q doesn't exist in this site.", name)
}

// row is one stored item with what its link needs (a category's URL name).
type row struct {
	id, parent, label, kind, target, prefs, image string
	categoryID, categoryURLName                   sql.NullString
	categoryNavigational                          sql.NullBool
}

// loadRows reads every item of the set in display order (position, then label), with one query.
func loadRows(ctx context.Context, d *db.DB, setID string, draft bool) ([]row, error) {
	rows, err := d.Query(ctx, `SELECT i.id, i.parentid, i.label, i.type, i.target, i.targetprefs, i.imageurl,
			c.id, c.urlname, c.isnavigational
		FROM navigationmenuitem i LEFT JOIN productcategory c ON i.type = 'ProductCategory' AND c.id = i.target
		WHERE i.navigationlinksetid = ? AND (i.status = 'Live' OR ?)
		ORDER BY i.position, i.label, i.id`, setID, draft)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		var r row
		var parent, target, prefs, image sql.NullString
		if err := rows.Scan(&r.id, &parent, &r.label, &r.kind, &target, &prefs, &image, &r.categoryID, &r.categoryURLName,
			&r.categoryNavigational); err != nil {
			return nil, err
		}
		r.parent, r.target, r.prefs, r.image = parent.String, strings.TrimSpace(target.String), prefs.String, image.String
		out = append(out, r)
	}
	return out, rows.Err()
}

// buildTree turns the rows into the item tree, dropping skipped types, links to categories that are gone or not
// navigational, and everything under a dropped item.
func buildTree(rows []row, req Request) []Item {
	children := map[string][]row{}
	for _, r := range rows {
		children[r.parent] = append(children[r.parent], r)
	}
	var build func(parent string, depth int) []Item
	build = func(parent string, depth int) []Item {
		out := []Item{}
		if depth > len(rows) { // a ParentId cycle cannot reach a root, but stay finite whatever the data
			return out
		}
		for _, r := range children[parent] {
			item, ok := toItem(r, req)
			if !ok {
				continue
			}
			item.SubMenu = build(r.id, depth+1)
			out = append(out, item)
		}
		return out
	}
	return build("", 0)
}

// skipType is the type a stored item counts as for menuItemTypesToSkip.
func skipType(kind string) string {
	if kind == "ProductCategory" {
		return "SalesforceObject"
	}
	return kind
}

func toItem(r row, req Request) (Item, bool) {
	if req.SkipTypes[skipType(r.kind)] {
		return Item{}, false
	}
	item := Item{Label: r.label, ActionType: InternalLink, Target: CurrentWindow}
	if strings.Contains(r.prefs, NewWindow) {
		item.Target = NewWindow
	}
	if req.IncludeImageURLs && r.image != "" {
		item.ImageURL = ptr(r.image)
	}
	switch r.kind {
	case "ExternalLink":
		item.ActionType, item.ActionValue = ExternalLink, nonEmpty(r.target)
	case "Event":
		item.ActionType, item.ActionValue = Event, nonEmpty(r.target)
	case "MenuLabel": // a heading over its submenu: nowhere to go
	case "NavigationalTopic":
		item.ActionValue = ptr("/topic/" + r.target)
	case "ProductCategory":
		gone := !r.categoryID.Valid
		if gone || (r.categoryNavigational.Valid && !r.categoryNavigational.Bool) {
			return Item{}, false
		}
		item.ActionValue = ptr(siteroutes.CategoryPath(r.categoryURLName.String, r.target))
	default: // InternalLink, SalesforceObject, GlobalAction, SystemLink: a path of the site
		item.ActionValue = nonEmpty(r.target)
	}
	return item, true
}

// isHome reports a top-level internal link to the site root.
func isHome(it Item) bool {
	return it.ActionType == InternalLink && it.ActionValue != nil && *it.ActionValue == "/"
}

// withHome puts the home link first when wanted (the stored one, or a new one labelled Home) and drops it when not.
func withHome(items []Item, add bool) []Item {
	var home *Item
	rest := make([]Item, 0, len(items)+1)
	for i := range items {
		if home == nil && isHome(items[i]) {
			home = &items[i]
			continue
		}
		rest = append(rest, items[i])
	}
	if !add {
		return rest
	}
	if home == nil {
		home = &Item{Label: HomeLabel, ActionType: InternalLink, ActionValue: ptr("/"), Target: CurrentWindow,
			SubMenu: []Item{}}
	}
	return append([]Item{*home}, rest...)
}

func ptr(s string) *string { return &s }

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
