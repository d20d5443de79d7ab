// Package media serves the store's CMS images at the media delivery path, /cms/delivery/media/{contentKey}.
// An image is a ManagedContent row: its body when it holds SVG markup (the logo, banners), otherwise a placeholder
// drawn from its title, so every product has a picture without any download.
package media

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"net/http"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// MaxAge is how long clients and proxies may cache an image (content documents live 30 days in the client; images
// change when their key does, but staff may edit one in place, so a day).
const MaxAge = 86400

// Handler answers GET (and HEAD) /cms/delivery/media/{contentKey}.
func Handler(d *db.DB) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		key := r.PathValue("contentKey")
		svg, err := lookup(r, d, key)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(svg)
		etag := `"` + hex.EncodeToString(sum[:10]) + `"`
		h := w.Header()
		h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d", MaxAge))
		h.Set("ETag", etag)
		h.Set("X-Content-Type-Options", "nosniff")
		// SVG can carry script; stored bodies are staff-edited, so the image is sandboxed whatever it holds.
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
		if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			w.WriteHeader(http.StatusNotModified)
			return nil
		}
		h.Set("Content-Type", "image/svg+xml")
		h.Set("Content-Length", fmt.Sprint(len(svg)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(svg)
		}
		return nil
	})
}

// lookup returns the SVG of a published image content item, or a 404 error.
func lookup(r *http.Request, d *db.DB, key string) ([]byte, error) {
	notFound := httpx.NotFound("No media with content key %q.", key)
	if key == "" || len(key) > 40 {
		return nil, notFound
	}
	var title, contentType string
	var body sql.NullString
	err := d.QueryRow(r.Context(), `SELECT title, contenttype, body FROM "managedcontent"
		WHERE contentkey = ? AND ispublished = ?`, key, true).Scan(&title, &contentType, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	if contentType != "cms_image" && contentType != "sfdc_cms__image" {
		return nil, notFound
	}
	if strings.HasPrefix(strings.TrimSpace(body.String), "<svg") {
		return []byte(body.String), nil
	}
	return Placeholder(title, key), nil
}

// palette holds the placeholder background colours; the key picks one, so an image keeps its colour.
var palette = []string{"#1B2A41", "#2E5E4E", "#7A3E48", "#35577D", "#8A5A19", "#4B3F72", "#285E61", "#5F4B32"}

// Placeholder draws a square product picture: a coloured tile, a parcel and the title over up to three lines.
func Placeholder(title, key string) []byte {
	sum := sha256.Sum256([]byte(key))
	bg := palette[int(sum[0])%len(palette)]
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img">`)
	fmt.Fprintf(&b, `<title>%s</title><rect width="600" height="600" fill="%s"/>`, html.EscapeString(title), bg)
	b.WriteString(`<g fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round" opacity="0.9">` +
		`<path d="M300 90 430 150 430 290 300 350 170 290 170 150Z"/><path d="M170 150 300 210 430 150M300 210V350"/></g>`)
	for i, line := range wrap(title, 24, 3) {
		fmt.Fprintf(&b, `<text x="300" y="%d" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" `+
			`font-size="34" fill="#fff">%s</text>`, 430+i*46, html.EscapeString(line))
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// wrap breaks text into at most lines lines of about width characters, ending with an ellipsis when cut.
func wrap(text string, width, lines int) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = word
		case len(cur)+1+len(word) <= width:
			cur += " " + word
		default:
			out = append(out, cur)
			cur = word
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	if len(out) > lines {
		out = out[:lines]
		out[lines-1] = strings.TrimRight(out[lines-1], ",") + "…"
	}
	return out
}
