package app

import (
	"net/http"

	"storefront/internal/cms"
	"storefront/internal/navigation"
	"storefront/internal/records"
	"storefront/internal/seo"
)

// mountContent registers the site's content calls: navigation menus (Connect resource and server action), CMS
// delivery, and SEO properties.
func (a *App) mountContent(mux *http.ServeMux, engine *records.Engine) {
	nav := &navigation.Handlers{DB: a.DB}
	mux.Handle(navigation.ConnectPath, nav.Connect())
	mux.Handle("GET "+navigation.ApexPath, nav.Apex())
	mux.Handle("POST "+navigation.ApexPath, nav.Apex())

	content := &cms.Handlers{DB: a.DB, BasePath: a.Config.BasePath}
	mux.Handle(cms.SiteItemPath, content.Item())
	mux.Handle(cms.ChannelItemPath, content.Item())
	mux.Handle(cms.SiteListPath, content.List())
	mux.Handle(cms.ChannelListPath, content.List())

	props := &seo.Handlers{DB: a.DB, Engine: engine, BasePath: a.Config.BasePath}
	mux.Handle(seo.Path, props.Properties())
}
