package recordsapi

import (
	"strings"

	"storefront/internal/records"
)

// ThemeInfo is the UI API's ThemeInfoRepresentation: an object's colour and icon (object-info, duplicate matches).
type ThemeInfo struct {
	Color   string `json:"color"`
	IconURL string `json:"iconUrl"`
}

// ThemeInfoOf is Theme as the representation.
func ThemeInfoOf(o *records.Object) ThemeInfo {
	color, icon := Theme(o)
	return ThemeInfo{Color: color, IconURL: icon}
}

// IconPath is where the theme icons are served (package uiapi/avatars serves every file under it): object-info's
// themeInfo and the Theme avatars name a file of it, so every icon URL we emit resolves to an image.
const IconPath = "/img/icon/t4v35/"

// CustomIcon is the one icon of custom objects, as Salesforce's default custom tab icon.
const CustomIcon = "custom/custom1_120.png"

// DefaultThemeColor is the colour of objects that name none (Salesforce's default, as in its avatar examples).
const DefaultThemeColor = "7F8DE1"

// Theme is an object's colour (six hex digits, no '#') and icon URL: standard objects have an icon of their own
// (standard/<apiname lowercased>_120.png), custom objects share CustomIcon.
func Theme(o *records.Object) (color, iconURL string) {
	color = strings.TrimPrefix(o.ThemeColor, "#")
	if color == "" {
		color = DefaultThemeColor
	}
	if o.Custom {
		return color, IconPath + CustomIcon
	}
	return color, IconPath + "standard/" + strings.ToLower(o.APIName) + "_120.png"
}
