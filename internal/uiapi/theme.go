package uiapi

import "storefront/internal/records"

// ThemeOf is an object's theme (color and icon) as object info gives it, for the other endpoint groups that show
// objects (nav items): one rule for every answer.
func ThemeOf(o *records.Object) ThemeInfo { return themeInfo(o) }
