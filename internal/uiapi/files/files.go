// Package files serves Salesforce Files over the records engine: uploads that make a ContentDocument with its
// first ContentVersion (POST /ui-api/records/content-documents/content-versions) or a new version of one (POST
// .../content-documents/{contentDocumentId}/content-versions), optionally shared with a record through a
// ContentDocumentLink, and the download of a version's data (GET /sobjects/ContentVersion/{id}/VersionData).
//
// The bytes go to the file store (store.go) while the body is read; the records are written after, as the caller,
// in one engine transaction that also names the stored data, so a failed or interrupted upload leaves neither rows
// nor bytes. What a version measures is set by the hooks of ContentVersion (hooks.go), never by a caller.
package files

import (
	"context"
	"fmt"
	"mime"
	"net/http"
	"strconv"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler holds what the file routes need.
type Handler struct {
	Engine *records.Engine
	// MaxSize is the largest file accepted, in bytes (0: DefaultMaxSize).
	MaxSize int64
}

// composite is the answer of an upload: the document, its links and the version made (ContentDocument,
// ContentDocumentLink and ContentVersion records in the UI API's record representation).
type composite struct {
	ContentDocument      *recordsapi.RecordRep   `json:"contentDocument"`
	ContentDocumentLinks []*recordsapi.RecordRep `json:"contentDocumentLinks"`
	ContentVersion       *recordsapi.RecordRep   `json:"contentVersion"`
}

// CreateDocument answers POST /records/content-documents/content-versions: a new file.
func (h *Handler) CreateDocument(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	if err := h.canWrite(r.Context(), actor, false); err != nil {
		return err
	}
	up, err := h.readUpload(w, r, opCreate)
	if err != nil {
		return err
	}
	var doc, version *records.Record
	var links []*records.Record
	err = h.Engine.InTx(r.Context(), func(ctx context.Context, tx *db.Tx) error {
		if version, doc, err = h.addVersion(ctx, tx, actor, "", up); err != nil {
			return err
		}
		if up.linkTo != "" {
			links, err = h.Engine.Insert(ctx, tx, actor, "ContentDocumentLink",
				[]map[string]any{{"ContentDocumentId": doc.ID, "LinkedEntityId": up.linkTo}})
		}
		return err
	})
	if err != nil {
		deleteBlob(context.WithoutCancel(r.Context()), h.Engine.DB, up.blobID)
		return err
	}
	h.answer(w, actor, doc, links, version)
	return nil
}

// CreateVersion answers POST /records/content-documents/{contentDocumentId}/content-versions: a new version of a
// file the caller sees and may change, numbered after the last.
func (h *Handler) CreateVersion(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	ctx := r.Context()
	docID, ok := records.NormalizeID(r.PathValue("contentDocumentId"))
	if !ok || records.KeyPrefix(docID) != "069" {
		return recordsapi.NotFound()
	}
	if n, err := h.count(ctx, h.Engine.Querier(ctx), actor, "ContentDocument", "Id", docID); err != nil || n == 0 {
		return notFoundOr(err)
	}
	if err := h.canWrite(ctx, actor, true); err != nil {
		return err
	}
	up, err := h.readUpload(w, r, opVersion)
	if err != nil {
		return err
	}
	var doc, version *records.Record
	var links []*records.Record
	err = h.Engine.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if version, doc, err = h.addVersion(ctx, tx, actor, docID, up); err != nil {
			return err
		}
		links, err = h.linksOf(ctx, tx, actor, docID)
		return err
	})
	if err != nil {
		deleteBlob(context.WithoutCancel(ctx), h.Engine.DB, up.blobID)
		return err
	}
	h.answer(w, actor, doc, links, version)
	return nil
}

// canWrite refuses callers who may not create versions (and, for a new file, documents; for a new version, change
// the document) with 403, before any byte of the body is read.
func (h *Handler) canWrite(ctx context.Context, actor *identity.Principal, newVersion bool) error {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return err
	}
	doc := cat.Object("ContentDocument")
	docOK := h.Engine.CanCreate(actor, doc)
	if newVersion {
		docOK = h.Engine.CanUpdate(actor, doc)
	}
	if !docOK || !h.Engine.CanCreate(actor, cat.Object("ContentVersion")) {
		return httpx.Forbidden("You do not have access to upload files")
	}
	return nil
}

// addVersion creates a version of the document (a new document when docID is "") from the upload, as the caller:
// the hooks of ContentVersion (hooks.go) measure it, number it and make it the document's latest. It returns the
// version and the document as they are after.
func (h *Handler) addVersion(ctx context.Context, tx *db.Tx, actor *identity.Principal, docID string, up *upload) (version, doc *records.Record, err error) {
	fields := map[string]any{"Title": up.title, "Description": up.description}
	if docID != "" {
		fields["ContentDocumentId"] = docID
	}
	recs, err := h.Engine.Insert(withData(ctx, up), tx, actor, "ContentVersion", []map[string]any{fields})
	if err != nil {
		return nil, nil, err
	}
	docs, err := h.Engine.GetMany(ctx, tx, actor, "ContentDocument", []string{recs[0].String("ContentDocumentId")})
	if err != nil || len(docs) == 0 {
		return nil, nil, notFoundOr(err)
	}
	return recs[0], docs[0], nil
}

// count is how many rows of the object the actor sees with field = value, through the engine's query.
func (h *Handler) count(ctx context.Context, q db.Querier, actor *identity.Principal, object, field, value string) (int64, error) {
	res, err := h.Engine.Query(ctx, q, actor, records.Query{Object: object, Count: true, PageSize: 1,
		Where: &records.Cond{Field: field, Op: records.OpEq, Value: value}})
	if err != nil {
		return 0, err
	}
	return res.TotalSize, nil
}

// linksOf reads the document's links the actor sees.
func (h *Handler) linksOf(ctx context.Context, tx *db.Tx, actor *identity.Principal, docID string) ([]*records.Record, error) {
	res, err := h.Engine.Query(ctx, tx, actor, records.Query{Object: "ContentDocumentLink", PageSize: records.MaxPageSize,
		Where: &records.Cond{Field: "ContentDocumentId", Op: records.OpEq, Value: docID}})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Rows))
	for i, row := range res.Rows {
		ids[i] = row.ID
	}
	return h.Engine.GetMany(ctx, tx, actor, "ContentDocumentLink", ids)
}

func (h *Handler) answer(w http.ResponseWriter, actor *identity.Principal, doc *records.Record, links []*records.Record, version *records.Record) {
	out := composite{ContentDocument: recordsapi.UIRecord(h.Engine, actor, doc), ContentDocumentLinks: []*recordsapi.RecordRep{},
		ContentVersion: recordsapi.UIRecord(h.Engine, actor, version)}
	for _, l := range links {
		out.ContentDocumentLinks = append(out.ContentDocumentLinks, recordsapi.UIRecord(h.Engine, actor, l))
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

// Download answers GET /sobjects/ContentVersion/{id}/VersionData: the version's bytes, streamed a chunk at a time,
// with its type and length, to whoever sees the version.
func (h *Handler) Download(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	ctx := r.Context()
	id, ok := records.NormalizeID(r.PathValue("id"))
	if !ok || records.KeyPrefix(id) != "068" {
		return recordsapi.NotFound()
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: "ContentVersion",
		Fields: []string{"FileExtension", "PathOnClient"}, PageSize: 1, Where: &records.Cond{Field: "Id", Op: records.OpEq, Value: id}})
	if err != nil || len(res.Rows) == 0 {
		return notFoundOr(err)
	}
	blobID, size, ok, err := dataOf(ctx, h.Engine.DB, id)
	if err != nil || !ok {
		return notFoundOr(err)
	}
	ext, _ := res.Rows[0].Values["FileExtension"].(string)
	contentType := mime.TypeByExtension("." + ext)
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	name, _ := res.Rows[0].Values["PathOnClient"].(string)
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return nil
	}
	if err := copyBlob(ctx, h.Engine.DB, blobID, w); err != nil {
		return fmt.Errorf("files: download of %s cut short: %w", id, err) // the headers are gone: logged only
	}
	return nil
}

// notFoundOr is the 404 of a file the caller does not see, or the error that kept us from knowing.
func notFoundOr(err error) error {
	if err == nil {
		return recordsapi.NotFound()
	}
	return err
}
