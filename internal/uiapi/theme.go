package uiapi

import "storefront/internal/records"

// Theme is the object's ThemeInfoRepresentation, for the endpoint groups that show objects (related list
// summaries) the way object info does.
func Theme(o *records.Object) ThemeInfo { return themeInfo(o) }
