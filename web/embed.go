// Package web embeds the built single-page app (web/dist, written by `npm run build`).
package web

import (
	"embed"
	"io/fs"
)

// Dist holds the dist folder as built; paths start with "dist/".
// dist/.keep is committed so that the embed compiles before the first build.
//
//go:embed all:dist
var Dist embed.FS

// FS returns the dist folder itself (index.html at its root), ready for spa.Handler.
func FS() fs.FS {
	sub, err := fs.Sub(Dist, "dist")
	if err != nil {
		// fs.Sub fails only for an invalid path; "dist" is valid.
		panic(err)
	}
	return sub
}
