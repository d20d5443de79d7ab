package avatars

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Theme icons are drawn, not shipped: each is a tile of the object's theme colour with a white glyph, as a PNG
// (the file names object-info and Salesforce use, <name>_120.png) or an SVG (<name>_120.svg or <name>.svg). An
// icon depends only on the object's name and colour, so it is drawn once and kept.

// iconSize is the edge of a PNG icon in pixels (the _120 of the file names).
const iconSize = 120

// iconMaxAge is how long browsers and proxies may keep an icon without asking again: a day, since an object's
// colour rarely changes and the ETag settles the question when it has.
const iconMaxAge = 86400

type icon struct {
	contentType string
	body        []byte
	etag        string
}

// Icons serves the theme icons under recordsapi.IconPath, to anyone: an <img> carries no bearer token, and the
// icons tell nothing beyond the standard objects' names.
type Icons struct {
	Engine *records.Engine
	drawn  sync.Map // "png|account|7F8DE1" -> *icon
}

// Serve answers GET IconPath{kind}/{file}: the image with its Content-Type, caching headers and ETag (304 when the
// client has it), or 404 for a file that names no object.
func (h *Icons) Serve(w http.ResponseWriter, r *http.Request) error {
	kind, file := r.PathValue("kind"), r.PathValue("file")
	name, format, ok := parseIconFile(file)
	if !ok {
		return httpx.NotFound("No such icon")
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	o := iconObject(cat, kind, name)
	if o == nil {
		return httpx.NotFound("No such icon")
	}
	colour, _ := recordsapi.Theme(o)
	key := format + "|" + kind + "/" + name + "|" + colour
	ic, found := h.drawn.Load(key)
	if !found {
		drawnIcon, err := draw(format, initial(o, kind), colour)
		if err != nil {
			return err
		}
		ic, _ = h.drawn.LoadOrStore(key, drawnIcon)
	}
	return writeIcon(w, r, ic.(*icon))
}

// parseIconFile splits account_120.png into its name and format; a name is lowercase letters, digits and
// underscores.
func parseIconFile(file string) (name, format string, ok bool) {
	dot := strings.LastIndexByte(file, '.')
	if dot <= 0 {
		return "", "", false
	}
	name, format = file[:dot], file[dot+1:]
	if format != "png" && format != "svg" {
		return "", "", false
	}
	name = strings.TrimSuffix(name, "_"+strconv.Itoa(iconSize))
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return "", "", false
		}
	}
	return name, format, name != ""
}

// iconObject is the object an icon stands for: a standard object by its lowercased API name, nil when none. Custom
// objects share one icon (recordsapi.CustomIcon) in the default colour, whatever their own.
func iconObject(cat *records.Catalog, kind, name string) *records.Object {
	switch kind {
	case "custom":
		if "custom/"+name+"_120.png" == recordsapi.CustomIcon {
			return &records.Object{APIName: "Custom", Custom: true}
		}
	case "standard":
		for _, o := range cat.Objects() {
			if !o.Custom && strings.ToLower(o.APIName) == name {
				return o
			}
		}
	}
	return nil
}

// initial is the glyph of an icon: the object's first letter, or a star for the shared custom icon.
func initial(o *records.Object, kind string) string {
	if kind == "custom" {
		return "★"
	}
	return strings.ToUpper(o.APIName[:1])
}

func writeIcon(w http.ResponseWriter, r *http.Request, ic *icon) error {
	h := w.Header()
	h.Set("Content-Type", ic.contentType)
	h.Set("Cache-Control", "public, max-age="+strconv.Itoa(iconMaxAge))
	h.Set("ETag", ic.etag)
	if r.Header.Get("If-None-Match") == ic.etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Length", strconv.Itoa(len(ic.body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(ic.body)
	}
	return nil
}

func draw(format, glyph, hexColour string) (*icon, error) {
	var body []byte
	contentType := "image/svg+xml"
	if format == "png" {
		contentType = "image/png"
		b, err := drawPNG(hexColour)
		if err != nil {
			return nil, err
		}
		body = b
	} else {
		body = []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%[1]d" height="%[1]d" viewBox="0 0 %[1]d %[1]d">`+
			`<rect width="%[1]d" height="%[1]d" rx="12" fill="#%[2]s"/>`+
			`<text x="50%%" y="50%%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="64" fill="#fff">%[3]s</text></svg>`,
			iconSize, hexColour, glyph))
	}
	sum := sha256.Sum256(body)
	return &icon{contentType: contentType, body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}, nil
}

// drawPNG is a tile of the colour with a white disc in its middle (a PNG has no font to draw a letter with).
func drawPNG(hexColour string) ([]byte, error) {
	bg := parseColour(hexColour)
	img := image.NewNRGBA(image.Rect(0, 0, iconSize, iconSize))
	c, r := iconSize/2, iconSize/4
	for y := 0; y < iconSize; y++ {
		for x := 0; x < iconSize; x++ {
			if (x-c)*(x-c)+(y-c)*(y-c) <= r*r {
				img.SetNRGBA(x, y, color.NRGBA{255, 255, 255, 255})
			} else {
				img.SetNRGBA(x, y, bg)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// parseColour reads six hex digits; anything else is the default theme colour.
func parseColour(s string) color.NRGBA {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || len(s) != 6 {
		v, _ = strconv.ParseUint(recordsapi.DefaultThemeColor, 16, 32)
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}
