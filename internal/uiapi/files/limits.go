package files

import (
	"os"
	"path"
	"strconv"
	"strings"
)

// DefaultMaxSize is the largest upload accepted unless STOREFRONT_MAX_UPLOAD_BYTES says otherwise: 100 MiB. Salesforce
// takes up to 2 GB through the UI, but a storefront's attachments (order documents, product sheets, photos) are far
// smaller, and the limit bounds what one request can make the database hold.
const DefaultMaxSize = 100 << 20

// MaxSizeFromEnv is the configured upload limit: STOREFRONT_MAX_UPLOAD_BYTES when it is a positive number, else
// DefaultMaxSize.
func MaxSizeFromEnv() int64 {
	if n, err := strconv.ParseInt(os.Getenv("STOREFRONT_MAX_UPLOAD_BYTES"), 10, 64); err == nil && n > 0 {
		return n
	}
	return DefaultMaxSize
}

// fileTypes are the extensions an upload may have (an allow list: what a browser or the OS would run, such as
// .exe, .html, .js or .svg, is refused by not being on it) and Salesforce's FileType of each.
var fileTypes = map[string]string{
	"pdf": "PDF", "txt": "TEXT", "csv": "CSV", "md": "TEXT", "json": "JSON", "xml": "XML", "rtf": "RTF",
	"png": "PNG", "jpg": "JPG", "jpeg": "JPEG", "gif": "GIF", "webp": "WEBP",
	"doc": "WORD", "docx": "WORD_X", "xls": "EXCEL", "xlsx": "EXCEL_X", "ppt": "POWER_POINT", "pptx": "POWER_POINT_X",
	"odt": "ODT", "ods": "ODS", "zip": "ZIP",
}

// fileTypeOf is the extension (lowercase, without the dot) and FileType of a client's file name; ok false when the
// type is not allowed.
func fileTypeOf(name string) (ext, fileType string, ok bool) {
	ext = strings.ToLower(strings.TrimPrefix(path.Ext(strings.ReplaceAll(name, `\`, "/")), "."))
	fileType, ok = fileTypes[ext]
	return ext, fileType, ok
}
