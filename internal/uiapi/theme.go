package uiapi

import "storefront/internal/records"

// Theme is the object's ThemeInfoRepresentation (color and icon) as object info gives it, for the other endpoint
// groups that show objects (related list summaries, nav items): one rule for every answer.
func Theme(o *records.Object) ThemeInfo { return themeInfo(o) }
