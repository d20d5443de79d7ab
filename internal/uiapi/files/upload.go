package files

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"storefront/internal/platform/httpx"
)

// The operation names of the spec's messages (section 8): a body without fileData is 'Invalid config for <op>'.
const (
	opCreate  = "createContentDocumentAndVersion"
	opVersion = "createContentVersion"
)

func invalidConfig(op, why string) error {
	return httpx.BadRequest("INVALID_INPUT", "Invalid config for %s: %s", op, why)
}

// maxTextPart bounds a text part of the form (title, description, the record to link to).
const maxTextPart = 32 << 10

// upload is a multipart body read: its text parts, and its fileData already in the file store (blobID).
type upload struct {
	title, description, linkTo string
	fileName, ext, fileType    string
	blobID                     string
	size                       int64
	versionID                  string // the version written with the bytes (hooks.go), once it is
}

// readUpload reads the multipart body (fileData, title, description, firstPublishLocationId) in order, streaming
// fileData to the file store a chunk at a time. Any failure, a client gone mid-body included, removes what was
// stored; the caller removes the blob when what follows fails.
func (h *Handler) readUpload(w http.ResponseWriter, r *http.Request, op string) (_ *upload, err error) {
	limit := h.MaxSize
	if limit <= 0 {
		limit = DefaultMaxSize
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit+maxTextPart*4) // the file and its form's other parts
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, invalidConfig(op, "the body must be multipart/form-data with fileData")
	}
	up := &upload{}
	defer func() {
		if err != nil && up.blobID != "" {
			deleteBlob(r.Context(), h.Engine.DB, up.blobID)
		}
	}()
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, bodyError(op, err)
		}
		switch name := part.FormName(); name {
		case "fileData":
			if up.blobID != "" {
				return nil, invalidConfig(op, "fileData is given twice")
			}
			if up.fileName = part.FileName(); !httpx.GoodText(up.fileName) {
				return nil, badText()
			}
			if up.fileName == "" {
				return nil, invalidConfig(op, "fileData must be a file")
			}
			var ok bool
			if up.ext, up.fileType, ok = fileTypeOf(up.fileName); !ok {
				return nil, httpx.BadRequest("INVALID_TYPE", "Files of type '.%s' may not be uploaded.", up.ext)
			}
			up.blobID, up.size, err = writeBlob(r.Context(), h.Engine.DB, part, limit)
			if errors.Is(err, errTooLarge) {
				return nil, httpx.BadRequest("FILE_TOO_LARGE", "The file is larger than the limit of %d bytes.", limit)
			}
			if err != nil {
				return nil, bodyError(op, err)
			}
		case "title", "description", "firstPublishLocationId":
			b, err := io.ReadAll(io.LimitReader(part, maxTextPart+1))
			if err != nil {
				return nil, bodyError(op, err)
			}
			if len(b) > maxTextPart {
				return nil, invalidConfig(op, name+" is too long")
			}
			if !httpx.GoodText(string(b)) {
				return nil, badText()
			}
			switch name {
			case "title":
				up.title = strings.TrimSpace(string(b))
			case "description":
				up.description = string(b)
			default:
				up.linkTo = strings.TrimSpace(string(b))
			}
		default:
			return nil, invalidConfig(op, "unknown part '"+name+"'")
		}
	}
	if up.blobID == "" {
		return nil, invalidConfig(op, "fileData is required")
	}
	if up.title == "" {
		up.title = strings.TrimSuffix(up.fileName, "."+up.ext)
		if i := strings.LastIndexAny(up.title, `/\`); i >= 0 {
			up.title = up.title[i+1:]
		}
	}
	return up, nil
}

// badText is the 400 httpx.RefuseBadText answers for other bodies, for a text part no database can store.
func badText() error {
	return httpx.BadRequest("INVALID_API_INPUT", "The request's body holds a NUL character or bytes that are not UTF-8.")
}

// bodyError is a body that could not be read: over the request limit, malformed, or cut off by the client.
func bodyError(op string, err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return httpx.BadRequest("FILE_TOO_LARGE", "The request is larger than the limit of %d bytes.", tooLarge.Limit)
	}
	return invalidConfig(op, "the multipart body could not be read")
}

// fileFields are the values an upload measures, set on the version and its document.
func (up *upload) fileFields() map[string]any {
	return map[string]any{"FileType": up.fileType, "FileExtension": up.ext, "ContentSize": up.size}
}
