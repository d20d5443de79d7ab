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

// ThemeInfoOf gives each object its colour and icon; served from the store's own assets.
func ThemeInfoOf(o *records.Object) ThemeInfo {
	color := strings.TrimPrefix(o.ThemeColor, "#")
	if color == "" {
		color = "7F8DE1"
	}
	icon := "/img/icon/t4v35/standard/" + strings.ToLower(o.APIName) + "_120.png"
	if o.Custom {
		icon = "/img/icon/t4v35/custom/custom1_120.png"
	}
	return ThemeInfo{Color: color, IconURL: icon}
}
