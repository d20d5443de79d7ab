package files

import (
	"context"
	"strconv"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// The file objects' rules are hooks of ContentVersion, so they hold for every writer (the upload calls, sObject
// REST, the UI API, GraphQL): what a version measures (its file's name, type and size, its version number) is set
// by the engine from the bytes stored, never by a caller, for whom those fields are read-only.
//
//   - A version is made only with stored bytes: the upload puts them in the write's context (withData); any other
//     create is refused as Salesforce refuses a version without VersionData. The bytes name themselves
//     (sf_content_data) in the same transaction.
//   - A version without ContentDocumentId makes its document, created as the caller (who needs the right to
//     create documents), as Salesforce does; a version of an existing document is numbered after its last.
//   - The document then takes the version's measures and becomes its latest: derived values, written by the hook
//     on the caller's behalf since the document's measures are read-only to every caller.
//   - Deleting a version (directly or with its document) deletes its bytes in the same transaction.

// dataKey carries an upload's stored bytes to the ContentVersion written with them.
type dataKey struct{}

// withData is ctx carrying the upload's stored bytes for the one version written with it.
func withData(ctx context.Context, up *upload) context.Context {
	return context.WithValue(ctx, dataKey{}, up)
}

// Register installs the file objects' hooks on the engine.
func Register(e *records.Engine) {
	e.OnRecords("ContentVersion", records.Hooks{
		BeforeSave: func(ctx context.Context, ev *records.SaveEvent) error {
			if !ev.Created {
				return nil
			}
			up, _ := ctx.Value(dataKey{}).(*upload)
			if up == nil || up.versionID != "" || len(ev.Records) != 1 {
				return records.Refuse("REQUIRED_FIELD_MISSING", "VersionData", "Required fields are missing: [VersionData]")
			}
			rec := ev.Records[0]
			for name, v := range up.fileFields() {
				rec.Values[name] = v
			}
			rec.Values["PathOnClient"] = up.fileName
			docID := rec.String("ContentDocumentId")
			if docID == "" {
				docs, err := e.Insert(ctx, ev.Tx, ev.Actor, "ContentDocument",
					[]map[string]any{{"Title": rec.Get("Title"), "Description": rec.Get("Description")}})
				if err != nil {
					return err
				}
				rec.Values["ContentDocumentId"], rec.Values["VersionNumber"] = docs[0].ID, "1"
				return nil
			}
			var n int64
			err := ev.Tx.QueryRow(ctx, `SELECT COUNT(*) FROM "contentversion" WHERE "contentdocumentid" = ?`, docID).Scan(&n)
			rec.Values["VersionNumber"] = strconv.FormatInt(n+1, 10)
			return err
		},
		AfterSave: func(ctx context.Context, ev *records.SaveEvent) error {
			if !ev.Created {
				return nil
			}
			up := ctx.Value(dataKey{}).(*upload) // BeforeSave refused a create without it
			rec := ev.Records[0]
			up.versionID = rec.ID
			if err := recordData(ctx, ev.Tx, rec.ID, up.blobID, up.size); err != nil {
				return err
			}
			fields := up.fileFields()
			fields["LatestPublishedVersionId"], fields["Title"] = rec.ID, rec.Get("Title")
			_, err := e.UpdateMany(ctx, ev.Tx, records.SystemFor(ev.Actor.UserID),
				[]records.Change{{ID: rec.String("ContentDocumentId"), Values: fields}}, records.UpdateOptions{})
			return err
		},
		AfterDelete: deleteData,
	})
}

// deleteData removes the deleted versions' bytes.
func deleteData(ctx context.Context, ev *records.DeleteEvent) error {
	ids := make([]string, len(ev.Records))
	for i, rec := range ev.Records {
		ids[i] = rec.ID
	}
	for start := 0; start < len(ids); start += 500 {
		in, args := db.InList(ids[start:min(len(ids), start+500)])
		if _, err := ev.Tx.Exec(ctx, `DELETE FROM sf_file_chunk WHERE blob_id IN (SELECT blob_id FROM sf_content_data WHERE version_id IN (`+in+`))`, args...); err != nil {
			return err
		}
		if _, err := ev.Tx.Exec(ctx, `DELETE FROM sf_content_data WHERE version_id IN (`+in+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}
